import { useCallback, useEffect, useState } from 'react';

/**
 * The content width of an element in whole CSS pixels, kept up to date with a ResizeObserver.
 * Returns a callback ref to put on the element and its width (undefined until measured).
 */
export function useElementWidth<T extends HTMLElement>(): [(element: T | null) => void, number | undefined] {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (box) setWidth(Math.floor(box.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  const ref = useCallback((next: T | null) => setElement(next), []);
  return [ref, width];
}
