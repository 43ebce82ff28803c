import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode, useEffect } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { doEarlyPresses } from './early-presses.ts';
import { PrerenderedPage } from './prerendered-page.ts';
import { Providers } from './providers.tsx';

/**
 * The whole app around a router: the same tree in the browser and when a screen is prerendered. `prerendered`: the
 * address whose screen the page arrived drawn for (prerendered-page.ts).
 */
export function App({ router, prerendered = null }: { router: DataRouter; prerendered?: string | null }) {
  // Runs once the first render (the hydration of a prerendered page) is on the page.
  useEffect(doEarlyPresses, []);
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <PrerenderedPage value={prerendered}>
          <Providers>
            <RouterProvider router={router} />
          </Providers>
        </PrerenderedPage>
      </I18nProvider>
    </StrictMode>
  );
}
