import { useId, type ReactNode } from 'react';
import { useLocalise } from '../../lib/i18n/use-localise.ts';

/** What a control needs to be tied to its label, hint and error. */
interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The frame every form control shares: a label, an optional hint and an error, linked to the control
 * with aria-describedby and aria-invalid so a screen reader reads them with it. Hints sit outside the control, so
 * they stay when the user types. A `note` (e.g. how a phone number will be saved) sits under the control in a
 * polite live region: present (even empty) from the start, so a change is announced.
 */
export function Field(props: {
  label: string;
  id?: string | undefined;
  hint?: string | undefined;
  note?: string | null | undefined;
  error?: string | undefined;
  className?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const autoId = useId();
  // A label, hint or message of the shared rules is written in English (D-058); the rest arrives in the page's language.
  const localise = useLocalise();
  const id = props.id ?? autoId;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const noteId = props.note ? `${id}-note` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [hintId, noteId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', props.className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{localise(props.label)}</label>
      {props.hint ? (
        <p id={hintId} className="field-hint">
          {localise(props.hint)}
        </p>
      ) : null}
      {props.children({ id, 'aria-invalid': props.error ? true : undefined, 'aria-describedby': describedBy })}
      {props.note !== undefined ? (
        <p id={`${id}-note`} className="field-note" aria-live="polite">
          {props.note}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className="field-error">
          {localise(props.error)}
        </p>
      ) : null}
    </div>
  );
}
