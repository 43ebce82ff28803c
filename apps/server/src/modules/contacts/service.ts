import { emergencyContactSchema, MAX_EMERGENCY_CONTACTS, type ContactInput, type EmergencyContact, type SaveContactsData } from '@seva/shared';
import { z } from 'zod';
import type { Db, Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import type { RecordActivity } from '../activity/service.ts';
import * as store from './store.ts';

interface ContactsDeps {
  db: Db;
  /** Notes saved contacts in the account's activity (issue #12). */
  activity?: RecordActivity;
  /** Moves the account's sync change number on and tells the glasses, as the save's last step (issue #19). */
  noteSyncChange?: (trx: Executor, userId: string) => Promise<void>;
  now?: () => Date;
}

/**
 * The stored document is read with the contact's one schema, the answer's (D-052): a field added to a contact is added
 * once. A field it does not know is left out of what is read, never a reason to read no contacts.
 */
const storedContacts = z.array(emergencyContactSchema).max(MAX_EMERGENCY_CONTACTS);

/** Stored JSON that is not a list of contacts reads as no contacts, so the screen opens in edit mode (product §4). */
function parseStored(json: string | undefined): EmergencyContact[] {
  if (!json) return [];
  try {
    const parsed = storedContacts.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** product §2 /sos: the signed-in user's emergency contacts, kept in their sos_face row. */
export function createContactsService({ db, activity, noteSyncChange, now = () => new Date() }: ContactsDeps) {
  return {
    /** Sign-up makes the user's (empty) contacts document in its own transaction. */
    createDocument: (trx: Executor, user: { uid: string; email: string; createdAt: string }) =>
      store.insertEmptyDocument(trx, { userId: user.uid, email: user.email, now: user.createdAt }),

    /** The account's deletion removes the document in its own transaction. */
    eraseUser: (trx: Executor, userId: string) => store.deleteDocument(trx, userId),

    async list(user: SignedInUser): Promise<EmergencyContact[]> {
      return parseStored(await store.findContactsJson(db, user.uid));
    },

    /** Saves the primary and, when given, the secondary in one write: both or neither. */
    /** `device`: the browser that saves, and `helper` the helper who does (issue #18), for the account's activity. */
    async save(user: SignedInUser, input: SaveContactsData, device?: string | null, helper?: string): Promise<EmergencyContact[]> {
      const timestamp = now().toISOString();
      const entry = (c: ContactInput, isPrimary: boolean): EmergencyContact => ({
        name: c.name,
        country_code: c.countryCode,
        phone_number: c.phoneNumber,
        is_primary: isPrimary,
        timestamp,
      });
      const contacts = [entry(input.primary, true), ...(input.secondary ? [entry(input.secondary, false)] : [])];
      await db.transaction().execute(async (trx) => {
        await store.saveContactsJson(trx, { userId: user.uid, email: user.email, json: JSON.stringify(contacts), now: timestamp });
        await noteSyncChange?.(trx, user.uid);
      });
      await activity?.(user.uid, 'contacts-changed', device ?? null, helper ?? null);
      return contacts;
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
