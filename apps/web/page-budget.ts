import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appChunks, firstLoadFiles, gzipBytes, readManifest, type Manifest } from './first-load.ts';
import { pageCatalogFiles } from './src/lib/i18n/catalog-names.ts';
import { paths } from './src/lib/paths.ts';
import { screens, type Screen } from './src/lib/screens.ts';

/** The budget of a public page (D-054), gzip: what it needs before it paints, and all the script it loads unasked. */
export const BEFORE_PAINT_KB = 20;
export const SCRIPT_IN_ALL_KB = 160;

/**
 * Chunks the app loads by itself once it has started, whatever the page (main.tsx): counted in every page's script.
 * What a screen loads only when the user acts (a form's rules, the phone parser, a dialog) is not.
 */
const LOADED_AFTER_START = ['src/lib/web-vitals.ts'];

/** The pages a signed-out visitor opens: the signed-out and public screens, and /pair, opened from the glasses' link. */
export const PUBLIC_SCREENS: Screen[] = screens.filter((screen) => screen.audience !== 'signed-in' || screen.path === paths.pair);

export interface PageWeight {
  path: string;
  /** The page's language: its own prerendered page (dist/hi/…) and catalogs (D-058). */
  locale: string;
  /** The page arrives drawn (dist/<path>.html): it paints before any script has run. */
  prerendered: boolean;
  /** The HTML, its render-blocking styles and its own script; without a prerendered page, also the app and the screen, which draw it. */
  beforePaintBytes: number;
  /** The app's script, the screen's, and what the app loads by itself once started. */
  scriptBytes: number;
}

/** The languages a page is weighed in, and the folder of their pages (D-058). */
const LANGUAGES = [
  { locale: 'en-GB', folder: '' },
  { locale: 'hi', folder: 'hi/' },
];

/** The page the server sends for `screen`: its prerendered page (for a signed-in browser if the screen is theirs), else index.html. */
function pageFile(dist: string, screen: Screen, folder: string): string {
  const prerendered = `${folder}${screen.audience === 'signed-in' ? 'signed-in/' : ''}${screen.path.slice(1)}.html`;
  return fs.existsSync(path.join(dist, prerendered)) ? prerendered : `${folder}index.html`;
}

/** The stylesheets a page links in its markup: the browser paints nothing before it has them. */
function blockingStyles(html: string): string[] {
  return [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+)"/g)].map((match) => match[1]!);
}

function weigh(dist: string, manifest: Manifest, screen: Screen, { locale, folder }: (typeof LANGUAGES)[number]): PageWeight {
  const module = `src/${screen.module}`;
  const file = pageFile(dist, screen, folder);
  const prerendered = !file.endsWith('index.html');
  const html = fs.readFileSync(path.join(dist, file), 'utf8');
  const ownScript = firstLoadFiles(manifest, prerendered ? ['index.html'] : [...appChunks(manifest), module, ...pageCatalogFiles(module, locale)]);
  const script = firstLoadFiles(manifest, [...appChunks(manifest), module, ...pageCatalogFiles(module, locale), ...LOADED_AFTER_START]);
  return {
    path: screen.path,
    locale,
    prerendered,
    beforePaintBytes: gzipBytes(dist, [file, ...blockingStyles(html), ...ownScript]),
    scriptBytes: gzipBytes(dist, script),
  };
}

/** The weight of every public page of the build in `dist`, in each language. */
export function publicPageWeights(dist: string): PageWeight[] {
  const manifest = readManifest(dist);
  return LANGUAGES.flatMap((language) => PUBLIC_SCREENS.map((screen) => weigh(dist, manifest, screen, language)));
}

// `npx tsx apps/web/page-budget.ts [dist]`: prints the table for a build.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, 'dist'));
  const kb = (bytes: number, limit: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB ${bytes / 1024 <= limit ? 'ok  ' : 'OVER'}`;
  console.log(`before paint (<= ${BEFORE_PAINT_KB} KB)   script in all (<= ${SCRIPT_IN_ALL_KB} KB)   page, gzip`);
  for (const page of publicPageWeights(dist)) {
    console.log(`${kb(page.beforePaintBytes, BEFORE_PAINT_KB).padEnd(22)} ${kb(page.scriptBytes, SCRIPT_IN_ALL_KB).padEnd(28)} ${page.locale.padEnd(6)} ${page.path}${page.prerendered ? ' (prerendered)' : ''}`);
  }
}
