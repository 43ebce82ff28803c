import { FEATURES, featureMessages } from '@seva/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { FeatureCard, olderVersionText } from './feature-card.tsx';

const readForMe = FEATURES[4]!;
const LINK = 'https://example.com/read.apk';

describe('FeatureCard', () => {
  it("says 'Up to date' and offers no QR code or link for a feature the glasses run at the current version", () => {
    renderWithProviders(<FeatureCard feature={readForMe} availability={{ kind: 'installed' }} />, { route: paths.updates });
    expect(screen.getByText(featureMessages.upToDate)).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps the QR code and link of a feature the glasses run at an older version, and says which version they run', async () => {
    renderWithProviders(<FeatureCard feature={readForMe} availability={{ kind: 'download', url: LINK, installedVersion: '0.9' }} />, { route: paths.updates });
    expect(screen.getByText(olderVersionText('0.9'))).toHaveTextContent('Your glasses run version 0.9; the current version is 1.0.');
    expect(screen.getByRole('link', { name: LINK })).toHaveAttribute('href', LINK);
    expect(await screen.findByRole('img', { name: 'QR code to install or update Read For Me' })).toBeInTheDocument();
    expect(screen.queryByText(featureMessages.upToDate)).not.toBeInTheDocument();
  });
});
