import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import type { PluginOption } from 'vite';

/**
 * What turns the app's source into code, for the browser build, the tests and the prerender alike: React, with
 * Lingui's macros (`<Trans>`, `t`, `msg`) compiled to catalog lookups, and the catalogs under locales/ compiled on
 * import (D-058).
 */
export function appPlugins(): PluginOption[] {
  return [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui()];
}
