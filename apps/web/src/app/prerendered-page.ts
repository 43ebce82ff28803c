import { createContext } from 'react';

/**
 * The address whose screen the page arrived already drawn for (prerender.ts), or null: /login and /signup for
 * everyone, a signed-in screen's heading and navigation for a browser the server found signed in. The app's first
 * render then draws the same, so it can take the page over as it is; at that address (only), the route guard keeps
 * that screen up while it asks who is signed in.
 */
export const PrerenderedPage = createContext<string | null>(null);
