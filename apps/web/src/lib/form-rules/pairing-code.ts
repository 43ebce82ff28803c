/** The rules of a pairing code typed on /pair, loaded when the form first checks them (components/ui/form.tsx, D-054). */
export { pairingCodeSchema as schema } from '@seva/shared';
