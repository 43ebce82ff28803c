import type { ButtonHTMLAttributes, MouseEvent } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'link' | 'danger' | 'danger-outline';
  /**
   * While true the button ignores presses but keeps focus (aria-disabled rather than disabled), so a keyboard or
   * screen-reader user is not thrown to the top of the page while a request runs.
   */
  busy?: boolean;
}

export function Button({ variant = 'primary', className, type = 'button', busy = false, onClick, ...props }: ButtonProps) {
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
    />
  );
}
