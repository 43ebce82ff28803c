import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { Feature } from '@seva/shared';
import type { MouseEvent } from 'react';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { featureCardHeadingId } from './feature-card.tsx';

/**
 * Above the carousel, which shows one feature at a time: the features with an install or update available, each a
 * link to its card (the carousel turns to it, and focus goes to its name). Nothing while the list is not known.
 */
export function UpdatesSummary({ available, onShow }: { available: readonly Feature[] | undefined; onShow: (feature: Feature) => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  if (!available) return null;
  // How many features the user can install or update now.
  const count = available.length;
  const go = (feature: Feature) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onShow(feature);
  };
  return (
    <section className="updates-summary" aria-labelledby="updates-summary-heading">
      <h2 id="updates-summary-heading">
        <Trans>Available now</Trans>
      </h2>
      <p>
        {count === 0
          ? t`No feature has an install or update available yet.`
          : t`${plural(count, { one: '# feature has an install or update available:', other: '# features have an install or update available:' })}`}
      </p>
      {available.length > 0 ? (
        <ul>
          {available.map((feature) => (
            <li key={feature.dbKey}>
              <a href={`#${featureCardHeadingId(feature)}`} onClick={go(feature)}>
                {localise(feature.name)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
