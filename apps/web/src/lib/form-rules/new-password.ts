/** The rules of a new password from a reset link, loaded when the form first checks them (components/ui/form.tsx, D-054). */
export { newPasswordSchema as schema } from '@seva/shared';
