import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { APP_VERSION, featureMessages, FEATURE_QR, fill, type Feature } from '@seva/shared';
import type { CSSProperties } from 'react';
import { FEATURE_DATA_UNAVAILABLE, NOT_AVAILABLE_YET, type Availability } from './feature-availability.ts';
import { useFeatureQr } from './use-feature-qr.ts';

/** Above the QR code of a feature the user's glasses run at an older version (issue #10). */
export const olderVersionText = (version: string) => fill(/*i18n*/ 'Your glasses run version {version}; the current version is {current}.', { version, current: APP_VERSION });

/** The id of a feature card's heading: the updates summary links to it, and focus goes there. */
export const featureCardHeadingId = (feature: Feature) => `feature-card-${feature.dbKey}`;

/**
 * One feature: its name on a band of its colour (white text on each colour is at least 7:1), its description, and
 * what the user can do with it. The colour is never used as a text colour.
 */
export function FeatureCard({ feature, availability }: { feature: Feature; availability: Availability }) {
  const localise = useLocalise();
  return (
    <article className="update-card" style={{ '--feature-colour': feature.colour } as CSSProperties} aria-labelledby={featureCardHeadingId(feature)}>
      <h2 className="update-card-name" id={featureCardHeadingId(feature)} tabIndex={-1}>
        {localise(feature.name)}
      </h2>
      <div className="update-card-body">
        <p className="update-card-description">{localise(feature.description)}</p>
        <FeatureState feature={feature} availability={availability} />
      </div>
    </article>
  );
}

function FeatureState({ feature, availability }: { feature: Feature; availability: Availability }) {
  const localise = useLocalise();
  switch (availability.kind) {
    case 'installed':
      return <p className="update-card-state update-card-ok">{localise(featureMessages.upToDate)}</p>;
    case 'download':
      return (
        <>
          {availability.installedVersion ? <p className="update-card-state">{localise(olderVersionText(availability.installedVersion))}</p> : null}
          <FeatureQr feature={feature} url={availability.url} />
        </>
      );
    case 'unavailable':
      return <p className="update-card-state">{localise(NOT_AVAILABLE_YET)}</p>;
    case 'unknown':
      return <p className="update-card-state">{localise(FEATURE_DATA_UNAVAILABLE)}</p>;
    case 'loading':
      return <p className="update-card-state">{localise(featureMessages.loading)}</p>;
  }
}

/** The QR code to scan with the glasses and, for whoever cannot scan it, the same link as text. */
function FeatureQr({ feature, url }: { feature: Feature; url: string }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const name = localise(feature.name);
  const qr = useFeatureQr(url);
  return (
    <>
      {qr.isError ? (
        <p className="update-card-state update-card-error">{localise(featureMessages.qrError)}</p>
      ) : !qr.data ? (
        <p className="update-card-state">{localise(featureMessages.loading)}</p>
      ) : (
        <figure className="update-card-qr">
          <img src={qr.data} width={FEATURE_QR.width} height={FEATURE_QR.width} alt={t`QR code to install or update ${name}`} />
          <figcaption>{localise(featureMessages.scanToInstall)}</figcaption>
        </figure>
      )}
      <p className="update-card-link">
        <Trans>
          Or use the download link: <a href={url}>{url}</a>
        </Trans>
      </p>
    </>
  );
}
