import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths, type ScreenPath } from '../lib/paths.ts';
import { sessionQueryKey, signedInFrom } from '../lib/session.ts';
import { sessionAnswer } from './stand-in-server.ts';

interface RenderOptions {
  /** The address the screen is shown at; any other address shows a stand-in screen. */
  route?: ScreenPath;
  /** The query the address carries, e.g. '?code=KXRT-7M4P' (/pair). */
  search?: string;
  /** Whether the session is already known, as it is once the route guard has let the user in (default true). */
  signedIn?: boolean;
}

/**
 * Renders a screen as the app does: inside a query client (no retries, so a failure shows at once) and a
 * router at `route`. The session is the stand-in server's user, without the QR image, as GET /api/auth/session
 * answers. Returns the router (to read where the screen went) and a user-event session.
 */
export function renderWithProviders(ui: ReactNode, { route = paths.dashboard, search = '', signedIn = true }: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (signedIn) client.setQueryData(sessionQueryKey, signedInFrom(sessionAnswer()));
  const router = createMemoryRouter(
    [
      { path: route, element: ui },
      { path: '*', element: <p>Another screen</p> },
    ],
    { initialEntries: [`${route}${search}`] },
  );
  const events = userEvent.setup();
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, client, router, events };
}

function WithCatalogs({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** Testing Library's render, inside the catalogs the app's components read their words from (test-setup.ts loads them). */
export function renderInI18n(ui: ReactNode, options: Omit<NonNullable<Parameters<typeof render>[1]>, 'wrapper'> = {}) {
  return render(ui, { ...options, wrapper: WithCatalogs });
}

