import type { InputHTMLAttributes, Ref } from 'react';
import { Field } from './field.tsx';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** A live note under the input (see Field). */
  note?: string | null | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint, note and error are tied to it with aria-describedby. */
export function TextField({ label, error, hint, note, id, className, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} id={id} hint={hint} note={note} error={error} className={className}>
      {(control) => <input ref={ref} {...control} {...input} />}
    </Field>
  );
}
