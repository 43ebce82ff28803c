import type { Page } from '@playwright/test';

export type Slot = 'Primary' | 'Secondary';

/** One card's controls in /sos's edit mode; each control's name says which card it belongs to. */
export function card(page: Page, slot: Slot) {
  return {
    group: page.getByRole('group', { name: `${slot} Contact` }),
    name: page.getByRole('textbox', { name: `${slot} contact full name` }),
    country: page.getByRole('combobox', { name: `${slot} contact country code` }),
    phone: page.getByRole('textbox', { name: `${slot} contact phone number` }),
  };
}
