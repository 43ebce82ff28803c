/** The rules of a password reset request, loaded when the form first checks them (components/ui/form.tsx, D-054). */
export { resetRequestSchema as schema } from '@seva/shared';
