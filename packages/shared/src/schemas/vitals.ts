import { z } from 'zod';

/** POST /api/vitals: one web-vitals report from the browser (product §1); logged, not stored. */
export const vitalReportSchema = z.strictObject({
  name: z.enum(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']),
  value: z.number().finite(),
  id: z.string().max(100),
  rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
  delta: z.number().finite().optional(),
  navigationType: z.string().max(40).optional(),
  path: z.string().max(200).optional(),
});
export type VitalReport = z.infer<typeof vitalReportSchema>;
