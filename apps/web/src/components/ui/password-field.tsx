import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { Field } from './field.tsx';

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A password input with a 'Show' button beside it, as GOV.UK's password input (WCAG 3.3.8: a blind user can check
 * what they typed). The button's name says what it will do ('Show password' / 'Hide password') and a polite live
 * region says the new state ('Password shown.'). Submitting the form hides the password again, so the browser offers to save it.
 */
export function PasswordField({ label, error, hint, id, className, ref, ...input }: PasswordFieldProps) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const autoId = useId();
  const inputId = id ?? autoId;
  const own = useRef<HTMLInputElement | null>(null);
  const what = label.toLowerCase();

  useEffect(() => {
    const form = own.current?.form;
    if (!form) return;
    const hide = () => {
      setShown(false);
      setAnnouncement('');
    };
    form.addEventListener('submit', hide);
    return () => form.removeEventListener('submit', hide);
  }, []);

  const setRef = (element: HTMLInputElement | null) => {
    own.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };

  const toggle = () => {
    setShown(!shown);
    setAnnouncement(shown ? t`Password hidden.` : t`Password shown.`);
  };

  return (
    <Field label={label} id={inputId} hint={hint} error={error} className={['password-field', className].filter(Boolean).join(' ')}>
      {(control) => (
        <>
          <div className="password-input">
            <input ref={setRef} {...control} {...input} type={shown ? 'text' : 'password'} autoCapitalize="none" spellCheck={false} />
            <button type="button" className="button button-secondary password-toggle" aria-controls={inputId} onClick={toggle}>
              {shown ? t`Hide` : t`Show`} <span className="visually-hidden">{what}</span>
            </button>
          </div>
          <span className="visually-hidden" aria-live="polite">
            {announcement}
          </span>
        </>
      )}
    </Field>
  );
}
