import { StrictMode } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { Providers } from './providers.tsx';

/** The whole app around a router: the same tree in the browser and when /login and /signup are prerendered. */
export function App({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
}
