let doKept: (() => void) | undefined;

/**
 * main.tsx, just before the app takes the page over: from then on React answers every press (one made while it
 * hydrates as soon as its part is); those made before were kept by the page's first script (before-app/keep-presses.ts).
 */
export function takeOverEarlyPresses(): void {
  doKept = window.sevaEarlyPresses?.takeOver();
}

/**
 * App, once its first render is on the page: does what the user pressed before the app ran. Nothing else moves focus:
 * a sent form's own answer does (its error summary), as if sent now.
 */
export function doEarlyPresses(): void {
  const run = doKept;
  doKept = undefined;
  run?.();
}
