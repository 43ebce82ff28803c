/** Sign-in's rules (product §5), loaded when the form first checks them (components/ui/form.tsx, D-054). */
export { signInSchema as schema } from '@seva/shared';
