/** The rules of a pairing allowed with the user's password on /pair, loaded when the form first checks them (components/ui/form.tsx, D-054). */
export { pairingAllowSchema as schema } from '@seva/shared';
