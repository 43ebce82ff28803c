import { useCallback, useEffect, useRef, useState } from 'react';

/** product §9: success messages clear after 3 seconds. */
const MESSAGE_TIMEOUT_MS = 3000;

/** A message that clears itself after `timeoutMs`; showing a new one restarts the clock. */
export function useTimedMessage(timeoutMs = MESSAGE_TIMEOUT_MS) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => setMessage(null), timeoutMs);
    },
    [timeoutMs],
  );
  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, show, clear };
}
