import type { Feature } from '@seva/shared';
import type { MouseEvent } from 'react';
import { featureCardHeadingId } from './feature-card.tsx';

/** What the summary says above the carousel: how many features the user can install or update now. */
function availableSummaryText(count: number): string {
  if (count === 0) return 'No feature has an install or update available yet.';
  return count === 1 ? '1 feature has an install or update available:' : `${count} features have an install or update available:`;
}

/**
 * Above the carousel, which shows one feature at a time: the features with an install or update available, each a
 * link to its card (the carousel turns to it, and focus goes to its name). Nothing while the list is not known.
 */
export function UpdatesSummary({ available, onShow }: { available: readonly Feature[] | undefined; onShow: (feature: Feature) => void }) {
  if (!available) return null;
  const go = (feature: Feature) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onShow(feature);
  };
  return (
    <section className="updates-summary" aria-labelledby="updates-summary-heading">
      <h2 id="updates-summary-heading">Available now</h2>
      <p>{availableSummaryText(available.length)}</p>
      {available.length > 0 ? (
        <ul>
          {available.map((feature) => (
            <li key={feature.dbKey}>
              <a href={`#${featureCardHeadingId(feature)}`} onClick={go(feature)}>
                {feature.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
