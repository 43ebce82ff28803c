import type { EarlyPress } from '../before-app/keep-presses.ts';

let kept: EarlyPress[] = [];

/**
 * main.tsx, just before the app takes the page over: from then on React answers every press (one made while it
 * hydrates is answered as soon as its part is); those made before were kept by the page's first script
 * (before-app/keep-presses.ts) and are taken here.
 */
export function takeOverEarlyPresses(): void {
  kept = window.sevaEarlyPresses?.takeOver() ?? [];
}

/**
 * App, once its first render is on the page: does what the user pressed before the app ran, in the order pressed,
 * where it is still on the page: a form is sent again with the button that sent it, a button pressed again. Nothing
 * else moves focus: a sent form's own answer does (its error summary), as if sent now.
 */
export function doEarlyPresses(): void {
  const presses = kept;
  kept = [];
  for (const press of presses) {
    if ('button' in press) {
      if (press.button.isConnected) press.button.click();
    } else if (press.form.isConnected) {
      const { form, submitter } = press;
      form.requestSubmit(submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null);
    }
  }
  window.sevaEarlyPresses?.settled();
}
