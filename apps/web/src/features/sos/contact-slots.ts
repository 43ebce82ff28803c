import type { ContactSlot } from '@seva/shared';

/** product §2: the two cards, their titles and badges, and how their controls' names begin (English, said with localise). */
export const SLOT_INFO: Record<ContactSlot, { title: string; badge: string; who: string }> = {
  primary: { title: /*i18n*/ 'Primary Contact', badge: /*i18n*/ 'Required', who: /*i18n*/ 'Primary contact' },
  secondary: { title: /*i18n*/ 'Secondary Contact', badge: /*i18n*/ 'Optional', who: /*i18n*/ 'Secondary contact' },
};
