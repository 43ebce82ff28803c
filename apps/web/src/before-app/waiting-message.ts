import { msg } from '@lingui/core/macro';

/**
 * What the page's status line says while a press made before the app ran waits for it (keep-presses.ts). The build
 * writes it into each page in the page's language (prerender.ts); its catalog, `before-app`, is loaded by no page.
 */
export const WAITING_MESSAGE = msg`The page is still loading. What you pressed will be done as soon as it is ready.`;
