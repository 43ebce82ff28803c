import { useLayoutEffect, useRef } from 'react';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import type { ActionResult } from '../../lib/use-action-result.ts';

/**
 * GOV.UK's notification banner for what the user's action did (D-077), placed beside what caused it: a heading, which
 * takes focus as it appears, since the form or dialog that caused it has been emptied or closed. Focused, it is read
 * once, there; so it is no live region, which would say it a second time. It stays until the screen clears it.
 *
 * Focus moves a frame later, after a closing dialog's own focus restore has been asked for (which then finds focus
 * placed), and only when focus is still where the action left it: on nothing, or in the banner's own section.
 */
export function ResultBanner({ result, level = 3 }: { result: ActionResult | null; level?: 2 | 3 }) {
  const localise = useLocalise();
  const banner = useRef<HTMLHeadingElement>(null);
  const serial = result?.serial;
  useLayoutEffect(() => {
    if (serial === undefined) return;
    const frame = requestAnimationFrame(() => {
      const element = banner.current;
      const active = document.activeElement;
      const scope = element?.closest('section') ?? element?.closest('main');
      if (element && (!active || active === document.body || scope?.contains(active))) element.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [serial]);
  if (!result) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Heading ref={banner} tabIndex={-1} className="notice notice-success result-banner">
      {localise(result.text)}
    </Heading>
  );
}
