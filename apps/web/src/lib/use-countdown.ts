import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Counts whole seconds down from `seconds` while `active`, then calls `onDone` once. `stop()` halts it for good
 * (WCAG 2.2.1: the user can turn a time limit off).
 */
export function useCountdown(seconds: number, active: boolean, onDone: () => void) {
  const [remaining, setRemaining] = useState(seconds);
  const [stopped, setStopped] = useState(false);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);
  useEffect(() => {
    if (!active || stopped) return;
    if (remaining <= 0) {
      done.current();
      return;
    }
    const timer = setTimeout(() => setRemaining((r) => r - 1), 1000);
    return () => clearTimeout(timer);
  }, [active, stopped, remaining]);
  const stop = useCallback(() => setStopped(true), []);
  return { remaining, stopped, stop };
}
