import { z } from 'zod';

/**
 * How users reach the people who run this portal (GET /api/support): the operator's SUPPORT_EMAIL and SUPPORT_PHONE.
 * A field the operator did not set is absent, and the help page leaves it out.
 */
export const supportContactSchema = z
  .object({ email: z.string().optional(), phone: z.string().optional() })
  .meta({ examples: [{ email: 'support@example.org', phone: '+918045671234' }, { email: 'help@example.org' }] });
export type SupportContact = z.infer<typeof supportContactSchema>;
