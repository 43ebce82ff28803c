/**
 * How users reach the people who run this portal (GET /api/support): the operator's SUPPORT_EMAIL and SUPPORT_PHONE.
 * A field the operator did not set is absent, and the help page leaves it out.
 */
export interface SupportContact {
  email?: string;
  phone?: string;
}
