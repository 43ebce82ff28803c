/** The rules of an invitation accepted with an existing helper account, loaded when the form first checks them (components/ui/form.tsx, D-054). */
export { existingHelperAccountFormSchema as schema } from '@seva/shared';
