import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type FormHTMLAttributes, type ReactNode } from 'react';
import { useForm, type FieldValues, type SubmitErrorHandler, type SubmitHandler, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** A shared schema from @seva/shared (or a screen's own): what the fields hold in, what a valid submit gives out. */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type ZodFormOptions<S extends FormSchema> = Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>;

/**
 * The one way a screen makes a form: react-hook-form checked by a zod schema, so the form gives the same
 * messages the server does. react-hook-form's defaults hold unless `options` say otherwise: checked on submit,
 * then again on every change; on a failed submit the first wrong field is focused.
 */
export function useZodForm<S extends FormSchema>(schema: S, options: ZodFormOptions<S> = {}): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
}

export type FormProps<TFieldValues extends FieldValues, TValid extends FieldValues> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  form: UseFormReturn<TFieldValues, unknown, TValid>;
  /** Runs with the schema's parsed values when every field passes. */
  onSubmit: SubmitHandler<TValid>;
  /** Runs after a submit some field failed (the fields are already marked and the first one focused). */
  onInvalid?: SubmitErrorHandler<TFieldValues> | undefined;
  children: ReactNode;
};

/**
 * A `<form>` for a `useZodForm` form: the browser's own checks are off (the schema's messages are shown instead).
 * `method="dialog"` makes a submit before the app's script has taken over a prerendered page (/login) do nothing,
 * where the browser's default would put the fields, password included, in the address; what was typed stays.
 */
export function Form<TFieldValues extends FieldValues, TValid extends FieldValues>({ form, onSubmit, onInvalid, children, ...props }: FormProps<TFieldValues, TValid>) {
  return (
    <form method="dialog" {...props} noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)}>
      {children}
    </form>
  );
}
