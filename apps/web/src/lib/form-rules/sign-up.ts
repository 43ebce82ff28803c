/** Sign-up's rules, with the phone parser (product §5, D-014), loaded when the form first checks them (components/ui/form.tsx, D-054). */
export { signUpSchema as schema } from '@seva/shared';
