import { z } from 'zod';

/** GET /api/manuals/latest: the newest readable manual, and where its PDF is read (product §4). */
export const manualSummarySchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    /** When the manual was made; null when it is not known (such a manual counts as the oldest). */
    timeCreated: z.string().nullable(),
    /** The PDF's size in bytes. */
    size: z.number().int(),
    /** GET it for the PDF; add `download=1` to have it as an attachment. */
    url: z.string(),
  })
  .meta({
    examples: [
      {
        id: '0d9e8f7a-6b5c-4d3e-9f2a-1b0c9d8e7f6a',
        fileName: 'SEVA glasses user manual.pdf',
        timeCreated: '2026-02-20T10:00:00.000Z',
        size: 2483991,
        url: '/api/manuals/0d9e8f7a-6b5c-4d3e-9f2a-1b0c9d8e7f6a/file',
      },
    ],
  });
export type ManualSummary = z.infer<typeof manualSummarySchema>;
