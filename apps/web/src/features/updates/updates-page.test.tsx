import { FEATURES, type FeaturesResponse } from '@seva/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { SAVED_AT } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { server } from '../../testing/stand-in-server.ts';
import { UpdatesPage } from './updates-page.tsx';

const LINKS: Record<string, string> = { read_for_me: 'https://example.com/read.apk', magnify: 'https://example.com/magnify.apk' };

/** GET /api/features with links for Read For Me and Magnify only. */
function answerFeatures() {
  const body: FeaturesResponse = {
    checkedAt: SAVED_AT,
    features: FEATURES.map((f) => ({ ...f, downloadUrl: LINKS[f.dbKey] ?? null, installedVersion: null, upToDate: false })),
  };
  server.use(http.get('*/api/features', () => HttpResponse.json(body)));
}

describe('UpdatesPage', () => {
  it('says above the carousel which features can be installed or updated, and each link shows that card', async () => {
    answerFeatures();
    const { events } = renderWithProviders(<UpdatesPage />, { route: paths.updates });
    const summary = await screen.findByRole('region', { name: 'Available now' });
    expect(within(summary).getByText('2 features have an install or update available:')).toBeInTheDocument();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Read For Me', 'Magnify']);

    await events.click(within(summary).getByRole('link', { name: 'Magnify' }));
    const card = screen.getByRole('heading', { level: 2, name: 'Magnify' });
    await waitFor(() => expect(card).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Show feature 8: Magnify, install or update available' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: LINKS.magnify })).toHaveAttribute('href', LINKS.magnify);
    expect(screen.getByRole('button', { name: 'Show feature 1: Describe Scene, not available yet' })).toBeInTheDocument();
  });

  it('says when nothing is available, and nothing before the list arrives', async () => {
    server.use(http.get('*/api/features', () => HttpResponse.json({ checkedAt: SAVED_AT, features: [] })));
    renderWithProviders(<UpdatesPage />, { route: paths.updates });
    expect(screen.queryByRole('region', { name: 'Available now' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show feature 1: Describe Scene' })).toBeInTheDocument();
    expect(await screen.findByText('No feature has an install or update available yet.')).toBeInTheDocument();
  });
});
