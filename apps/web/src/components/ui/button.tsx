import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import { useLocalise } from '../../lib/i18n/use-localise.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link' | 'danger' | 'danger-outline';
  /**
   * While true the button ignores presses but keeps focus (aria-disabled rather than disabled), so a keyboard or
   * screen-reader user is not thrown to the top of the page while a request runs.
   */
  busy?: boolean;
}

/** A button whose text is a shared rule's English (`helperMessages.accept`) says it in the page's language (D-058). */
export function Button({ variant = 'primary', className, type = 'button', busy = false, onClick, children, ...props }: ButtonProps) {
  const localise = useLocalise();
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) return event.preventDefault();
    onClick?.(event);
  };
  return (
    <button
      type={type}
      className={['button', `button-${variant}`, className].filter(Boolean).join(' ')}
      aria-disabled={busy || undefined}
      onClick={press}
      {...props}
    >
      {typeof children === 'string' ? localise(children) : children}
    </button>
  );
}
