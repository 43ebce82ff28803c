/** The phone parser (libphonenumber-js and its metadata), loaded once a phone field holds something (phone-field.tsx, D-054). */
export { phoneNumberReadBack } from '@seva/shared';
