import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { dotLabel, slideAnnouncement, slideLabel, wrapIndex } from './carousel-index.ts';

interface FeatureCarouselProps {
  label: string;
  /** One name per slide, in order. */
  names: readonly string[];
  /** Each slide's state in a few words, named with it on its dot ('Magnify, install or update available'). */
  states?: readonly (string | undefined)[];
  /** The slide shown; the page holds it, so other controls (the updates summary) can show a slide too. */
  index: number;
  onIndexChange: (index: number) => void;
  renderSlide: (index: number) => ReactNode;
}

/**
 * The WAI-ARIA carousel pattern, without rotation: one slide shown at a time; previous and next wrap around;
 * a dot per slide; the new slide is announced ('2 of 8: Navigate') politely. Left and right arrow keys on the
 * carousel's buttons move too; on a dot, focus follows to the new slide's dot.
 */
/** The name of the dots' group. */
const FEATURES_LABEL = /*i18n*/ 'Features';

export function FeatureCarousel({ label, names, states, index, onIndexChange, renderSlide }: FeatureCarouselProps) {
  const { t } = useLingui();
  const localise = useLocalise();
  const count = names.length;
  const [announcement, setAnnouncement] = useState('');
  const dots = useRef<Array<HTMLButtonElement | null>>([]);
  const slideId = useId();

  const show = (next: number) => {
    onIndexChange(next);
    setAnnouncement(localise(slideAnnouncement(next, count, localise(names[next] ?? ''))));
  };
  const arrowKeys = (event: KeyboardEvent<HTMLButtonElement>, onDot: boolean) => {
    const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = wrapIndex(index, step, count);
    show(next);
    if (onDot) dots.current[next]?.focus();
  };

  return (
    <section className="carousel" aria-roledescription={t({ message: 'carousel', comment: 'aria-roledescription: what a screen reader calls the carousel (one feature shown at a time). Lower case.' })} aria-label={label}>
      <div className="carousel-controls">
        <Button variant="secondary" aria-controls={slideId} onClick={() => show(wrapIndex(index, -1, count))} onKeyDown={(e) => arrowKeys(e, false)}>
          <Trans>Previous feature</Trans>
        </Button>
        <Button variant="secondary" aria-controls={slideId} onClick={() => show(wrapIndex(index, 1, count))} onKeyDown={(e) => arrowKeys(e, false)}>
          <Trans>Next feature</Trans>
        </Button>
      </div>
      <div id={slideId} className="carousel-slide" role="group" aria-roledescription={t({ message: 'slide', comment: 'aria-roledescription: what a screen reader calls one slide of the features carousel. Lower case.' })} aria-label={localise(slideLabel(index, count))}>
        {renderSlide(index)}
      </div>
      <div className="carousel-dots" role="group" aria-label={localise(FEATURES_LABEL)}>
        {names.map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              dots.current[i] = el;
            }}
            type="button"
            className="carousel-dot"
            aria-label={localise(dotLabel(i, localise(name), states?.[i] && localise(states[i])))}
            aria-current={i === index ? 'true' : undefined}
            aria-controls={slideId}
            onClick={() => show(i)}
            onKeyDown={(e) => arrowKeys(e, true)}
          >
            <span aria-hidden="true" className="carousel-dot-mark" />
          </button>
        ))}
      </div>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </section>
  );
}
