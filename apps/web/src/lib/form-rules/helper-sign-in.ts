/** The rules of a helper's sign-in, loaded when the form first checks them (components/ui/form.tsx, D-054). */
export { helperSignInSchema as schema } from '@seva/shared';
