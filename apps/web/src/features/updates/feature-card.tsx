import { featureMessages, FEATURE_QR, type Feature } from '@seva/shared';
import type { CSSProperties } from 'react';
import type { Availability } from './feature-availability.ts';
import { useFeatureQr } from './use-feature-qr.ts';

export const NOT_AVAILABLE_YET = 'Not available yet';
export const FEATURE_DATA_UNAVAILABLE = 'Feature data could not be loaded.';

/**
 * One feature: its name on a band of its colour (white text on each colour is at least 7:1), its description, and
 * what the user can do with it. The colour is never used as a text colour.
 */
export function FeatureCard({ feature, availability }: { feature: Feature; availability: Availability }) {
  return (
    <article className="update-card" style={{ '--feature-colour': feature.colour } as CSSProperties}>
      <h2 className="update-card-name">{feature.name}</h2>
      <div className="update-card-body">
        <p className="update-card-description">{feature.description}</p>
        <FeatureState feature={feature} availability={availability} />
      </div>
    </article>
  );
}

function FeatureState({ feature, availability }: { feature: Feature; availability: Availability }) {
  switch (availability.kind) {
    case 'installed':
      return <p className="update-card-state update-card-ok">{featureMessages.upToDate}</p>;
    case 'download':
      return <FeatureQr feature={feature} url={availability.url} />;
    case 'unavailable':
      return <p className="update-card-state">{NOT_AVAILABLE_YET}</p>;
    case 'unknown':
      return <p className="update-card-state">{FEATURE_DATA_UNAVAILABLE}</p>;
    case 'loading':
      return <p className="update-card-state">{featureMessages.loading}</p>;
  }
}

function FeatureQr({ feature, url }: { feature: Feature; url: string }) {
  const qr = useFeatureQr(url);
  if (qr.isError) return <p className="update-card-state update-card-error">{featureMessages.qrError}</p>;
  if (!qr.data) return <p className="update-card-state">{featureMessages.loading}</p>;
  return (
    <figure className="update-card-qr">
      <img src={qr.data} width={FEATURE_QR.width} height={FEATURE_QR.width} alt={`QR code to install or update ${feature.name}`} />
      <figcaption>{featureMessages.scanToInstall}</figcaption>
    </figure>
  );
}
