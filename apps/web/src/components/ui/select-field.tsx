import type { Ref, SelectHTMLAttributes } from 'react';
import { Field } from './field.tsx';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select: the most dependable list box for screen readers and keyboards. */
export function SelectField({ label, options, error, id, className, ref, ...select }: SelectFieldProps) {
  return (
    <Field label={label} id={id} error={error} className={className}>
      {(control) => (
        <select ref={ref} {...control} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
