import { z } from 'zod';
import { FEATURE_DB_KEYS, FEATURES } from '../features.ts';

/** A feature as GET /api/features answers it: product §3's feature, its download link, and what the glasses run. */
export const featureWithLinkSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  dbKey: z.enum(FEATURE_DB_KEYS),
  description: z.string(),
  /** Card colour; white text on it has at least 7:1 contrast. */
  colour: z.string(),
  /** Where the glasses download it (shown as a QR code); null when the operator has set none. */
  downloadUrl: z.string().nullable(),
  /** The newest version of this feature that the user's paired glasses report running, or null. */
  installedVersion: z.string().nullable(),
  /** product §2 'Up to date': some paired glasses run the current version (APP_VERSION) or a newer one. */
  upToDate: z.boolean(),
});
export type FeatureWithLink = z.infer<typeof featureWithLinkSchema>;

const [navigate, magnify] = [FEATURES[1]!, FEATURES[7]!];

/** GET /api/features: the eight features, in carousel order, and when the server checked them. */
export const featuresAnswerSchema = z.object({ checkedAt: z.string(), features: z.array(featureWithLinkSchema) }).meta({
  examples: [
    {
      checkedAt: '2026-03-14T09:31:02.000Z',
      features: [
        { ...navigate, downloadUrl: 'https://downloads.example.org/seva/navigate-1.0.apk', installedVersion: '1.0', upToDate: true },
        { ...magnify, downloadUrl: null, installedVersion: null, upToDate: false },
      ],
    },
  ],
});
export type FeaturesResponse = z.infer<typeof featuresAnswerSchema>;
