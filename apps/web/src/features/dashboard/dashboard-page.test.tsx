import { FEATURES, type FeaturesResponse } from '@seva/shared';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths.ts';
import { aDevice, aFace, aHelperSession, aUser, SAVED_AT } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { backend, sent, server } from '../../testing/stand-in-server.ts';
import { DashboardPage } from './dashboard-page.tsx';

/** GET /api/features with download links for the first `links` features, none of them on the glasses yet. */
function featuresWithLinks(links: number) {
  const body: FeaturesResponse = {
    checkedAt: SAVED_AT,
    features: FEATURES.map((f, i) => ({ ...f, downloadUrl: i < links ? `https://example.com/${f.dbKey}.apk` : null, installedVersion: null, upToDate: false })),
  };
  server.use(http.get('*/api/features', () => HttpResponse.json(body)));
}

const step = (title: string) => screen.getByRole('heading', { level: 3, name: new RegExp(`^${title}`) }).closest('li') as HTMLElement;

describe('DashboardPage set-up checklist', () => {
  it('leads a new user to the next steps', async () => {
    featuresWithLinks(2);
    renderWithProviders(<DashboardPage />, { route: paths.dashboard });
    expect(await screen.findByText('0 of 4 done.')).toBeInTheDocument();
    expect(step('Glasses')).toHaveTextContent('No glasses paired yet.');
    expect(within(step('Glasses')).getByRole('link', { name: 'Pair your glasses' })).toHaveAttribute('href', paths.pair);
    expect(screen.getByRole('heading', { level: 3, name: 'Emergency contact: Not started' })).toBeInTheDocument();
    expect(within(step('Emergency contact')).getByRole('link', { name: 'Add an emergency contact' })).toHaveAttribute('href', paths.sos);
    expect(step('Faces')).toHaveTextContent('No faces yet.');
    expect(within(step('Faces')).getByRole('link', { name: 'Add a face' })).toHaveAttribute('href', paths.addFace);
    expect(step('Feature updates')).toHaveTextContent('Pair your glasses first');
    expect(within(step('Feature updates')).getByRole('link', { name: 'Install updates' })).toHaveAttribute('href', paths.updates);
  });

  it('does not count feature updates as done before any glasses are paired', async () => {
    featuresWithLinks(0);
    renderWithProviders(<DashboardPage />, { route: paths.dashboard });
    expect(await screen.findByText('0 of 4 done.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Feature updates: Not started' })).toBeInTheDocument();
    expect(step('Feature updates')).not.toHaveTextContent('!');
  });

  it('says what is done', async () => {
    featuresWithLinks(0);
    backend.faces = [aFace(1, 'Asha'), aFace(2, 'Tom')];
    backend.contacts = [{ name: 'Asha Rao', country_code: '+91', phone_number: '9876543210', is_primary: true, timestamp: SAVED_AT }];
    backend.devices = [aDevice(1, 'Kitchen glasses')];
    renderWithProviders(<DashboardPage />, { route: paths.dashboard });
    expect(await screen.findByText('4 of 4 done.')).toBeInTheDocument();
    expect(step('Glasses')).toHaveTextContent('Your glasses are paired.');
    expect(within(step('Glasses')).getByRole('link', { name: 'See paired glasses' })).toHaveAttribute('href', paths.profile);
    expect(step('Emergency contact')).toHaveTextContent('Asha Rao is your primary emergency contact.');
    expect(screen.getByRole('heading', { level: 3, name: 'Faces: Done' })).toBeInTheDocument();
    expect(step('Faces')).toHaveTextContent('2 faces saved for your glasses to recognise.');
    expect(step('Feature updates')).toHaveTextContent('Your glasses are up to date.');
  });

  it("greets a helper by their own name and shows the wearer's set-up without the glasses, which only the wearer pairs", async () => {
    featuresWithLinks(0);
    backend.wearers = [aUser()];
    backend.helper = aHelperSession(backend.wearers);
    renderWithProviders(<DashboardPage />, { route: paths.dashboard });
    expect(screen.getByText('Welcome back, Sam Patel')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: "Robin's set-up" })).toBeInTheDocument();
    expect(await screen.findByText('1 of 3 done.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: /^Glasses/ })).not.toBeInTheDocument();
    expect(sent('GET', '/api/devices')).toEqual([]);
  });
});
