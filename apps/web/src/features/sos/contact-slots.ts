import type { ContactSlot } from '@seva/shared';

/** product §2: the two cards, their titles and badges, and how their controls' names begin. */
export const SLOT_INFO: Record<ContactSlot, { title: string; badge: 'Required' | 'Optional'; who: string }> = {
  primary: { title: 'Primary Contact', badge: 'Required', who: 'Primary contact' },
  secondary: { title: 'Secondary Contact', badge: 'Optional', who: 'Secondary contact' },
};
