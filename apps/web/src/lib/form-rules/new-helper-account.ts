/** The rules of a new helper account made from an invitation, loaded when the form first checks them (components/ui/form.tsx, D-054). */
export { newHelperAccountFormSchema as schema } from '@seva/shared';
