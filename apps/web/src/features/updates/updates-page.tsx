import { FEATURES } from '@seva/shared';
import { useMemo } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { useFeatures } from './api/get-features.ts';
import { FeatureCard } from './feature-card.tsx';
import { featureAvailability } from './feature-availability.ts';
import { FeatureCarousel } from './feature-carousel.tsx';
import { lastCheckedText } from './last-checked.ts';

const NAMES = FEATURES.map((f) => f.name);
export const failedToLoadFeatures = (message: string) => `Failed to load feature data: ${message}`;

/** /updates: the eight features in a carousel, each with the QR code that installs or updates it (SPEC §2, §4, §8). */
export function UpdatesPage() {
  const features = useFeatures();
  const links = useMemo(
    () => (features.data ? new Map(features.data.features.map((f) => [f.dbKey, f.downloadUrl] as const)) : undefined),
    [features.data],
  );
  const lastChecked = features.data ? lastCheckedText(features.data.checkedAt) : null;
  const failed = features.isError && !features.data;

  return (
    <>
      <PageHeading>Scan QR codes to install or update the SEVA features</PageHeading>
      <StatusRegion tone="error" message={failed ? failedToLoadFeatures(features.error.message) : null} />
      {failed ? (
        <p>
          <Button variant="secondary" busy={features.isFetching} onClick={() => void features.refetch()}>
            Try again
          </Button>
        </p>
      ) : null}
      <FeatureCarousel
        label="SEVA features"
        names={NAMES}
        renderSlide={(index) => {
          const feature = FEATURES[index]!;
          return <FeatureCard key={feature.dbKey} feature={feature} availability={featureAvailability(feature, links, failed)} />;
        }}
      />
      {lastChecked ? <p className="updates-last-checked">{lastChecked}</p> : null}
    </>
  );
}
