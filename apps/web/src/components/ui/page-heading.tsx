import { useEffect, useRef, type ReactNode } from 'react';

/** The screen's h1; takes focus when it appears (route or view change) so screen readers announce where the user is. */
export function PageHeading({ children, focusKey, id }: { children: ReactNode; focusKey?: string; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: false });
  }, [focusKey]);
  return (
    <h1 ref={ref} tabIndex={-1} id={id} className="page-heading">
      {children}
    </h1>
  );
}
