import { useCallback, useRef, useState } from 'react';

/** What the user's last action did, in the words the screen shows (D-077). */
export interface ActionResult {
  text: string;
  /** Counts every result shown: the same words shown again are a new result, and take focus again. */
  serial: number;
}

/** One place on a screen a result is shown in: the result shown there now, and how to show or clear one. */
export interface ResultPlace {
  shown: ActionResult | null;
  show: (text: string) => void;
  /** The user has started something else: the result they have read goes. */
  clear: () => void;
}

/**
 * The result of the user's last action on a screen (D-077): one at a time, in the place beside what caused it, until
 * the user's next action there (another result, or `clear` as they start something else) or they leave the screen.
 * Never on a timer: SPEC's 3 seconds are too short to read it.
 */
export function useActionResult<Place extends string>() {
  const [result, setResult] = useState<(ActionResult & { place: Place }) | null>(null);
  const serial = useRef(0);
  const show = useCallback((place: Place, text: string) => {
    serial.current += 1;
    setResult({ place, text, serial: serial.current });
  }, []);
  const clear = useCallback(() => setResult(null), []);
  const at = (place: Place): ResultPlace => ({ shown: result?.place === place ? result : null, show: (text) => show(place, text), clear });
  return { at, clear };
}
