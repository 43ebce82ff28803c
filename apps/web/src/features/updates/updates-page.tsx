import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { FEATURES, type Feature, fill } from '@seva/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { paths } from '../../lib/paths.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { useFeatures } from './api/get-features.ts';
import { FeatureCard, featureCardHeadingId } from './feature-card.tsx';
import { availabilityName, featureAvailability, hasDownload } from './feature-availability.ts';
import { FeatureCarousel } from './feature-carousel.tsx';
import { lastCheckedText } from './last-checked.ts';
import { UpdatesSummary } from './updates-summary.tsx';

const NAMES = FEATURES.map((f) => f.name);
const failedToLoadFeatures = (message: string) => fill(/*i18n*/ 'Failed to load feature data: {message}', { message });

/**
 * /updates: a summary of what can be installed or updated now, then the eight features in a carousel, each with the
 * QR code that installs or updates it (product §2, §4, §8).
 */
export function UpdatesPage() {
  const { t } = useLingui();
  const localise = useLocalise();
  const features = useFeatures();
  const links = useMemo(
    () => (features.data ? new Map(features.data.features.map((f) => [f.dbKey, f] as const)) : undefined),
    [features.data],
  );
  const lastChecked = features.data ? lastCheckedText(features.data.checkedAt) : null;
  const failed = features.isError && !features.data;
  const availability = FEATURES.map((feature) => featureAvailability(feature, links, failed));
  const available = links ? FEATURES.filter((_, i) => hasDownload(availability[i]!)) : undefined;

  const [index, setIndex] = useState(0);
  const focusCard = useFocusAfterShow(FEATURES[index]!);
  const showCard = (feature: Feature) => {
    setIndex(FEATURES.indexOf(feature));
    focusCard(feature);
  };

  return (
    <>
      <PageHeading>{screenHeadings[paths.updates]}</PageHeading>
      <StatusRegion tone="error" message={failed ? failedToLoadFeatures(features.error.message) : null} />
      {failed ? (
        <p>
          <Button variant="secondary" busy={features.isFetching} onClick={() => void features.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </p>
      ) : null}
      <UpdatesSummary available={available} onShow={showCard} />
      <FeatureCarousel
        label={t`SEVA features`}
        names={NAMES}
        states={availability.map(availabilityName)}
        index={index}
        onIndexChange={setIndex}
        renderSlide={(i) => {
          const feature = FEATURES[i]!;
          return <FeatureCard key={feature.dbKey} feature={feature} availability={availability[i]!} />;
        }}
      />
      {lastChecked ? <p className="updates-last-checked">{localise(lastChecked)}</p> : null}
    </>
  );
}

/** Focus goes to a feature card's name once the carousel shows it (the link that led there stays in the summary). */
function useFocusAfterShow(shown: Feature) {
  const wanted = useRef<Feature | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (wanted.current !== shown) return;
    wanted.current = null;
    document.getElementById(featureCardHeadingId(shown))?.focus();
  }, [shown, request]);
  return (feature: Feature) => {
    wanted.current = feature;
    setRequest((n) => n + 1);
  };
}
