/** A catalog under locales/, compiled on import by Lingui's Vite plugin (plugins.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
