import { renderInI18n as render } from '../testing/render.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths.ts';
import { backend, server } from '../testing/stand-in-server.ts';
import { FeatureLayout } from './layout/feature-layout.tsx';
import { PrerenderedPage } from './prerendered-page.ts';
import { RouteGuard } from './route-guard.tsx';

/** /sos behind the guard as the router has it, the session not yet known; `answer` resolves the session request. */
function renderGuardedSos(prerendered: string | null) {
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    http.get('*/api/auth/session', async () => {
      await answered;
      return HttpResponse.json({ user: backend.user && { ...backend.user, QRCode: null } });
    }),
  );
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouteGuard whilePending={(status) => <FeatureLayout placeholder={status} />}>
            <FeatureLayout />
          </RouteGuard>
        ),
        children: [{ path: paths.sos, element: <h1>Emergency Contacts</h1> }],
      },
    ],
    { initialEntries: [paths.sos] },
  );
  render(
    <PrerenderedPage value={prerendered}>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PrerenderedPage>,
  );
  return { answer };
}

describe('the route guard while it asks who is signed in', () => {
  it('keeps a prerendered page as it was: the navigation and the heading, then says when the answer is slow', async () => {
    const { answer } = renderGuardedSos(paths.sos);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Emergency Contacts' })).toBeInTheDocument();
    expect(await screen.findByText('Checking your session…', {}, { timeout: 2000 })).toHaveRole('status');
    const nav = screen.getByRole('navigation', { name: 'Main' });

    answer();
    await waitForElementToBeRemoved(() => screen.queryByText('Checking your session…'));
    expect(screen.getByRole('heading', { level: 1, name: 'Emergency Contacts' })).toBeInTheDocument();
    // The same navigation element: kept, not drawn again.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBe(nav);
  });

  it.each([
    ['a page that arrived empty', null],
    ['a page prerendered for another address (/login, then a route change)', paths.login],
  ])('shows %s only its status until the answer', async (_page, prerendered) => {
    const { answer } = renderGuardedSos(prerendered);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(await screen.findByText('Checking your session…', {}, { timeout: 2000 })).toHaveRole('status');

    answer();
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Emergency Contacts' })).toBeInTheDocument();
  });
});
