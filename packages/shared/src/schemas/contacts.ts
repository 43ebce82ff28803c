import { z } from 'zod';
import { CONTACT_DEFAULT_COUNTRY_CODE, isKnownCountryCode } from '../countries.ts';
import { contactPhoneLengthMessage, messages } from '../messages.ts';
import { nationalNumberOf, nationalPhoneText, phoneNumberIssue, readPhoneNumber, storedPhoneNumber, type PhoneRuleMessages } from '../phone-numbers.ts';
import { hasForbiddenNameCharacter } from './fields.ts';
import { fill } from '../localise.ts';

/** product §2, §5 and §8 (emergency contacts), verbatim, plus the refusals this product adds. */
export const contactMessages = {
  loading: /*i18n*/ 'Loading emergency contacts...',
  notLoggedIn: /*i18n*/ 'You must be logged in to manage emergency contacts.',
  notProvided: /*i18n*/ 'Not provided',
  onlyNumbers: /*i18n*/ 'Only numbers allowed',
  primaryRequired: /*i18n*/ 'Primary emergency contact is required',
  fixPhoneErrors: /*i18n*/ 'Please fix phone number validation errors',
  completeOrClearSecondary: /*i18n*/ 'Please complete or clear secondary contact information',
  saved: /*i18n*/ 'Emergency contacts saved successfully',
  saveFailed: /*i18n*/ 'Failed to save contacts. Please try again.',
  unknownCountry: /*i18n*/ 'Please choose a country code from the list.',
  tooManyContacts: /*i18n*/ 'Only two emergency contacts can be saved: a primary and a secondary.',
  notAContact: /*i18n*/ 'Each contact needs a name, countryCode and phoneNumber.',
  nameNotText: /*i18n*/ 'Name must be text.',
  phoneNotText: /*i18n*/ 'Phone number must be text.',
} as const;

/** product §9: at most two contacts, one primary and one secondary. */
export const MAX_EMERGENCY_CONTACTS = 2;
export const CONTACT_NAME_MAX = 100;

export type ContactSlot = 'primary' | 'secondary';
export const CONTACT_SLOTS: readonly ContactSlot[] = ['primary', 'secondary'];

/** One contact as the form edits it (product §3: the local shape). */
export interface ContactInput {
  name: string;
  countryCode: string;
  phoneNumber: string;
}

const SAVED_AT = '2026-03-14T09:30:00.000Z';
const CONTACT_EXAMPLES = [
  { name: 'Ravi Kumar', country_code: '+91', phone_number: '9876543210', is_primary: true, timestamp: SAVED_AT },
  { name: 'Meera Kumar', country_code: '+91', phone_number: '9123456780', is_primary: false, timestamp: SAVED_AT },
];

/**
 * One contact as it is stored, answered and read back (product §3/§7: the sos-face document's shape): the one schema
 * of the stored document and of GET and PUT /api/contacts; the glasses get it without `timestamp`.
 */
export const emergencyContactSchema = z
  .object({
    name: z.string(),
    country_code: z.string(),
    /** The national number, without the country code or a trunk prefix. */
    phone_number: z.string(),
    is_primary: z.boolean(),
    /** When the contacts were saved. */
    timestamp: z.string(),
  })
  .meta({ examples: [CONTACT_EXAMPLES[0]] });
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/** GET /api/contacts: the saved contacts, the primary first; none yet is an empty list. */
export const contactsAnswerSchema = z.object({ contacts: z.array(emergencyContactSchema) }).meta({ examples: [{ contacts: CONTACT_EXAMPLES }] });
export type ContactsAnswer = z.infer<typeof contactsAnswerSchema>;

/** PUT /api/contacts: the contacts as saved, and what to say. */
export const contactsSavedAnswerSchema = contactsAnswerSchema
  .extend({ message: z.string() })
  .meta({ examples: [{ contacts: CONTACT_EXAMPLES, message: contactMessages.saved }] });
export type ContactsSavedAnswer = z.infer<typeof contactsSavedAnswerSchema>;

export interface ContactsInput {
  primary?: ContactInput | undefined;
  secondary?: ContactInput | null | undefined;
}

/** A blank contact under `countryCode`: the user's own country where known, else SPEC's +91. */
const emptyContact = (countryCode = CONTACT_DEFAULT_COUNTRY_CODE): ContactInput => ({ name: '', countryCode, phoneNumber: '' });

/**
 * Saved contacts as form values: the first is primary, the second secondary, blanks (under `defaultCountryCode`)
 * where none. A saved number is put back as its country writes it at home ('07700 900123').
 */
export function contactsToFormValues(
  contacts: readonly EmergencyContact[],
  defaultCountryCode = CONTACT_DEFAULT_COUNTRY_CODE,
): { primary: ContactInput; secondary: ContactInput } {
  const toInput = (c: EmergencyContact | undefined): ContactInput =>
    c
      ? { name: c.name, countryCode: c.country_code, phoneNumber: nationalPhoneText(storedPhoneNumber(c.country_code, c.phone_number)) }
      : emptyContact(defaultCountryCode);
  return { primary: toInput(contacts[0]), secondary: toInput(contacts[1]) };
}

/** product §5 (emergency contacts): how the phone rules are worded on /sos. */
const CONTACT_PHONE_RULE: PhoneRuleMessages = { notANumber: contactMessages.onlyNumbers, length: contactPhoneLengthMessage };

/**
 * The field rule of product §5 for a phone as typed or pasted: it reads as a number of the chosen country (spaces,
 * brackets, a trunk prefix or the country code are fine), then has the country's length(s); blank is not a phone error.
 */
export function contactPhoneIssue(phoneNumber: string, countryCode: string): string | undefined {
  return phoneNumberIssue(readPhoneNumber(phoneNumber, countryCode), countryCode, CONTACT_PHONE_RULE);
}

const isBlankPhone = (phoneNumber: string) => phoneNumber.trim() === '';
const isBlank = (c: ContactInput | null | undefined) => !c || (c.name.trim() === '' && isBlankPhone(c.phoneNumber));

/**
 * The one message that blocks saving, or undefined. Precedence, the same in form and server:
 * 1. primary name or phone blank: 'Primary emergency contact is required';
 * 2. any phone (primary, or a secondary's non-blank one) fails its field rule: 'Please fix phone number validation errors';
 * 3. secondary with only one of name and phone: 'Please complete or clear secondary contact information'.
 */
export function contactsFormIssue(value: ContactsInput): string | undefined {
  const primary = value.primary ?? emptyContact();
  const secondary = value.secondary ?? undefined;
  if (primary.name.trim() === '' || isBlankPhone(primary.phoneNumber)) return contactMessages.primaryRequired;
  const typed = secondary ? [primary, secondary] : [primary];
  if (typed.some((c) => contactPhoneIssue(c.phoneNumber, c.countryCode))) return contactMessages.fixPhoneErrors;
  if (secondary && (secondary.name.trim() === '') !== isBlankPhone(secondary.phoneNumber)) return contactMessages.completeOrClearSecondary;
  return undefined;
}

interface ContactFieldIssue {
  path: [ContactSlot, keyof ContactInput];
  message: string;
}

/** The messages shown beside fields: name length, country code, phone. A blank secondary has none. */
export function contactFieldIssues(value: ContactsInput): ContactFieldIssue[] {
  const issues: ContactFieldIssue[] = [];
  for (const slot of CONTACT_SLOTS) {
    const contact = value[slot];
    if (!contact || (slot === 'secondary' && isBlank(contact))) continue;
    if (contact.name.trim().length > CONTACT_NAME_MAX) {
      issues.push({ path: [slot, 'name'], message: messages.maximumLength(CONTACT_NAME_MAX) });
    }
    if (hasForbiddenNameCharacter(contact.name)) issues.push({ path: [slot, 'name'], message: messages.nameCharacters });
    if (!isKnownCountryCode(contact.countryCode)) issues.push({ path: [slot, 'countryCode'], message: contactMessages.unknownCountry });
    const phone = contactPhoneIssue(contact.phoneNumber, contact.countryCode);
    if (phone) issues.push({ path: [slot, 'phoneNumber'], message: phone });
  }
  return issues;
}

const contactInput = z.strictObject(
  {
    name: z.string({ error: contactMessages.nameNotText }).default(''),
    countryCode: z.string({ error: contactMessages.unknownCountry }).trim().default(CONTACT_DEFAULT_COUNTRY_CODE),
    phoneNumber: z.string({ error: contactMessages.phoneNotText }).default(''),
  },
  { error: contactMessages.notAContact },
);

const contactsShape = z.strictObject({
  primary: contactInput.optional(),
  secondary: contactInput.nullable().optional(),
});

/** The form's resolver schema: field messages only; the form shows `contactsFormIssue` above the buttons. */
export const contactFieldsSchema = contactsShape.superRefine((value, ctx) => {
  for (const issue of contactFieldIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
});

/** Top-level keys: anything but primary and secondary is refused; an extra contact says so. */
function checkSlots(body: Record<string, unknown>, ctx: z.RefinementCtx): void {
  const extra = Object.keys(body).find((k) => !(CONTACT_SLOTS as readonly string[]).includes(k));
  if (extra === undefined) return;
  const value = body[extra];
  const looksLikeContact = typeof value === 'object' && value !== null;
  ctx.addIssue({ code: 'custom', path: [extra], message: looksLikeContact ? contactMessages.tooManyContacts : fill(/*i18n*/ 'Unknown field: {field}', { field: extra }) });
}

/** A contact as stored: the name trimmed, the phone as its national number ('07700 900123' → '7700900123'). */
const trimmed = (c: ContactInput): ContactInput => ({
  name: c.name.trim(),
  countryCode: c.countryCode,
  phoneNumber: nationalNumberOf(c.phoneNumber, c.countryCode) ?? c.phoneNumber,
});

/**
 * PUT /api/contacts. The first issue (what the server answers) is the form-level one of `contactsFormIssue`,
 * then the field messages. Output: the primary, and the secondary only when it has both name and phone, each phone
 * as its national number (product §3 keeps country_code and phone_number apart).
 */
export const saveContactsSchema = z
  .record(z.string(), z.unknown())
  .superRefine(checkSlots)
  .pipe(
    contactsShape
      .superRefine((value, ctx) => {
        const formIssue = contactsFormIssue(value);
        if (formIssue) ctx.addIssue({ code: 'custom', path: [], message: formIssue });
        for (const issue of contactFieldIssues(value)) ctx.addIssue({ code: 'custom', ...issue });
      })
      .transform((value) => ({
        primary: trimmed(value.primary ?? emptyContact()),
        secondary: isBlank(value.secondary) || !value.secondary ? undefined : trimmed(value.secondary),
      })),
  );
/** The body of PUT /api/contacts. */
export type SaveContactsInput = ContactsInput;
export type SaveContactsData = z.output<typeof saveContactsSchema>;
