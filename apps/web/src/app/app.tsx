import { StrictMode, useEffect } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { resendEarlySubmit } from './early-submit.ts';
import { Providers } from './providers.tsx';

/** The whole app around a router: the same tree in the browser and when /login and /signup are prerendered. */
export function App({ router }: { router: DataRouter }) {
  // Runs once the first render (the hydration of a prerendered page) is on the page.
  useEffect(resendEarlySubmit, []);
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
