import { renderInI18n as render } from '../testing/render.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChooseWearerPage } from '../features/helpers/choose-wearer-page.tsx';
import { paths } from '../lib/paths.ts';
import { aHelperSession, aUser } from '../testing/fixtures.ts';
import { backend } from '../testing/stand-in-server.ts';
import { FeatureLayout } from './layout/feature-layout.tsx';
import { RouteGuard } from './route-guard.tsx';

const robin = aUser();
const kim = aUser({ uid: 'u2', username: 'Kim', email: 'kim@example.com' });

/** Two signed-in screens behind the guard, as the router has them, and the helper's choice; the session asked for real. */
function renderShell(at: string = paths.dashboard) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouteGuard>
            <FeatureLayout />
          </RouteGuard>
        ),
        children: [
          {
            path: paths.dashboard,
            element: (
              <>
                <h1>My Dashboard</h1>
                <Link to={paths.sos}>Emergency contacts</Link>
              </>
            ),
          },
          { path: paths.sos, element: <h1>Emergency Contacts</h1> },
        ],
      },
      { path: paths.helperChoose, element: <ChooseWearerPage /> },
      { path: '*', element: <p>Another screen</p> },
    ],
    { initialEntries: [at] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, events: userEvent.setup() };
}

describe('the shell for a helper', () => {
  it("says 'You are helping {wearer}' next to the navigation, with 'Switch' when they help several", async () => {
    backend.wearers = [robin, kim];
    backend.helper = aHelperSession([robin, kim]);
    const { events, router } = renderShell();
    const line = await screen.findByText('You are helping Robin');
    expect(line.closest('header')).toContainElement(screen.getByRole('navigation', { name: 'Main' }));
    await events.click(screen.getByRole('link', { name: 'Switch whom you are helping' }));
    expect(router.state.location.pathname).toBe(paths.helperChoose);

    // The choice: the wearer helped now is marked; choosing another acts for them and goes to the dashboard.
    const current = await screen.findByRole('button', { name: 'Help Robin' });
    expect(current).toHaveAttribute('aria-current', 'true');
    await events.click(screen.getByRole('button', { name: 'Help Kim' }));
    expect(await screen.findByText('You are helping Kim')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.dashboard);
  });

  it('shows no such line to a wearer', async () => {
    renderShell();
    await screen.findByRole('heading', { level: 1, name: 'My Dashboard' });
    expect(screen.queryByText(/You are helping/)).not.toBeInTheDocument();
  });

  it('sends a helper who helps several wearers, and has not chosen, to choose first', async () => {
    backend.wearers = [robin, kim];
    backend.helper = aHelperSession([robin, kim], { actingFor: null });
    backend.user = null;
    const { router } = renderShell();
    expect(await screen.findByRole('heading', { level: 1, name: 'Who are you helping?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.helperChoose);
  });

  it('tells a helper whose wearer removed them, on their next navigation, that they no longer help this wearer', async () => {
    backend.wearers = [robin];
    backend.helper = aHelperSession([robin]);
    const { events, router } = renderShell();
    await screen.findByText('You are helping Robin');

    // Robin removes the helper in another browser.
    backend.helper = aHelperSession([], { actingFor: null, ended: { username: 'Robin' } });
    backend.user = null;
    await events.click(screen.getByRole('link', { name: 'Emergency contacts' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'You no longer help Robin.' });
    expect(router.state.location.pathname).toBe(paths.helperChoose);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('You are not helping anyone at the moment.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'You no longer help Robin.' })).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it("'Sign Out' takes a helper back to the helpers' sign-in page", async () => {
    backend.wearers = [robin];
    backend.helper = aHelperSession([robin]);
    const { events, router } = renderShell();
    await screen.findByText('You are helping Robin');
    await events.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.helperSignIn));
    expect(router.state.location.state).toEqual({ notice: 'You have signed out.' });
  });
});
