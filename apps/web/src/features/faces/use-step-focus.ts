import { useEffect, useRef } from 'react';

/**
 * When the step changes (method chosen, photo taken or picked, a question answered, retake, change of method), focus
 * goes to the new step's heading: the control that led there is gone, and a screen reader then says where the user is.
 */
export function useStepFocus(step: string) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    ref.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus();
  }, [step]);
  return ref;
}
