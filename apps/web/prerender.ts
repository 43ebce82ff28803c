import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type HtmlTagDescriptor, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { appPlugins } from './plugins.ts';
import { appChunks, firstLoadFiles, readManifest, type Manifest } from './first-load.ts';
import { compressFile } from './precompress.ts';

/** What the server-side build of `entry` gives: the screens to prerender and how to render one. */
interface PrerenderEntry {
  PRERENDERED: ReadonlyArray<{ path: string; module: string; signedIn: boolean; search: string }>;
  /** Each language the pages are rendered in, and the folder of its pages ('' for English, the source). */
  PAGE_LANGUAGES: ReadonlyArray<{ locale: string; folder: string }>;
  renderScreen: (pathname: string, locale: string, search: string) => Promise<string>;
  waitingText: (locale: string) => Promise<string>;
  /** The catalogs a screen's page loads at start in a language (manifest keys). */
  pageCatalogFiles: (module: string, locale: string) => string[];
}

const ROOT = '<div id="root"></div>';
/** The folder of the pages for a signed-in browser (the server's `SIGNED_IN_PAGES` too). */
const SIGNED_IN_PAGES = 'signed-in';
/** The id of the template whose links src/boot.ts adds to a prerendered page once it is painted. */
const AFTER_PAINT = 'after-paint';

/**
 * The first page a user waits for (issue #14, D-021):
 * - index.html preloads the app (src/main.tsx and its chunks), which its script (src/boot.ts) runs once the page is
 *   painted;
 * - after the browser build, the screens `entry` lists are rendered into copies of index.html (dist/login.html for
 *   /login; dist/signed-in/faces/add.html for /faces/add, which the server sends only to a signed-in browser) and
 *   compressed, once per language: English at the top, every other language in its own folder (dist/hi/login.html,
 *   dist/hi/index.html), with `<html lang>` set (issue #23). The server sends such a page for its screen, so the heading (and form) show before any script has
 *   run; once painted, the page fetches the app with the screen's chunks, and main.tsx hydrates it.
 */
export function prerender(entry: string): Plugin {
  let config: ResolvedConfig;
  let written = false;
  return {
    name: 'seva-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, { bundle }) => (bundle ? appPreloads(bundle) : []),
    },
    writeBundle() {
      written = true;
    },
    async closeBundle() {
      // Also called when the build failed: Rollup then reports why.
      if (!written) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside a node_modules folder, so the server-side build finds react and the rest there; one folder per build.
      fs.mkdirSync(config.cacheDir, { recursive: true });
      const serverDir = fs.mkdtempSync(path.join(config.cacheDir, 'prerender-'));
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: appPlugins(),
          ssr: { noExternal: ['@seva/shared'] },
          build: { ssr: entry, outDir: serverDir, emptyOutDir: true, rollupOptions: { output: { entryFileNames: 'prerender.mjs' } } },
        });
        const { PRERENDERED, PAGE_LANGUAGES, renderScreen, waitingText, pageCatalogFiles } = (await import(pathToFileURL(path.join(serverDir, 'prerender.mjs')).href)) as PrerenderEntry;
        const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const template = pageTemplate(outDir);
        const manifest = readManifest(outDir);
        const write = (file: string, page: string) => {
          fs.mkdirSync(path.dirname(file), { recursive: true });
          fs.writeFileSync(file, page);
          compressFile(file);
        };
        for (const { locale, folder } of PAGE_LANGUAGES) {
          const waiting = await waitingText(locale);
          write(path.join(outDir, folder, 'index.html'), inLanguage(index, locale, waiting));
          for (const screen of PRERENDERED) {
            const page = inLanguage(template, locale, waiting)
              .replace(ROOT, `<div id="root">${await renderScreen(screen.path, locale, screen.search)}</div>`)
              .replace('</head>', `<template id="${AFTER_PAINT}">${preloads(manifest, screen.module, pageCatalogFiles(screen.module, locale))}</template></head>`);
            write(path.join(outDir, folder, screen.signedIn ? SIGNED_IN_PAGES : '', `${screen.path.slice(1)}.html`), page);
          }
        }
      } finally {
        fs.rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}

/** The status line of index.html, whose words the page's first script shows while a press waits for the app. */
const WAITING = 'data-waiting=""';

/** A page whose `<html lang>` is `locale`, its status line's words (`waiting`) in it too; index.html is written in English, without them. */
function inLanguage(html: string, locale: string, waiting: string): string {
  if (!html.includes('<html lang="en-GB">')) throw new Error('index.html does not start <html lang="en-GB">');
  if (!html.includes(WAITING)) throw new Error(`index.html has no status line (${WAITING})`);
  return html.replace('<html lang="en-GB">', `<html lang="${locale}">`).replace(WAITING, `data-waiting="${waiting.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}"`);
}

/** Preloads for index.html of what its script starts (the app), so it is fetched at once, beside the script. */
function appPreloads(bundle: Rollup.OutputBundle): HtmlTagDescriptor[] {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const page = chunks.find((chunk) => chunk.isEntry);
  if (!page) throw new Error('the build has no entry chunk');
  const files = new Set<string>([page.fileName]);
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) visit(imported);
  };
  for (const file of page.dynamicImports) visit(file);
  files.delete(page.fileName);
  return [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' }));
}

/**
 * index.html as a prerendered page starts: its styles inline and no script fetched before the screen is painted, so
 * the screen paints with the document alone (the CSP allows inline styles). Its one script (src/boot.ts, a few hundred
 * bytes, fetched at low priority) then asks for the app and the screen's chunks, all at once (`preloads`).
 */
function pageTemplate(outDir: string): string {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  if (!html.includes(ROOT)) throw new Error(`index.html has no ${ROOT} to render into`);
  return html
    .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_link, file: string) => `<style>${fs.readFileSync(path.join(outDir, file), 'utf8')}</style>`)
    .replace(/\s*<link rel="modulepreload" [^>]*>/g, '')
    .replace('<script type="module" crossorigin ', '<script type="module" fetchpriority="low" crossorigin ');
}

/**
 * Links that fetch the app's chunks, the screen's (with its styles, if it has any) and the `catalogs` its page loads
 * first. Without the catalogs here, the app asked for them only once it had run: a round trip on a slow network, or
 * two (the screen's after the app's), before the screen could show.
 */
function preloads(manifest: Manifest, module: string, catalogs: string[]): string {
  const page = firstLoadFiles(manifest, ['index.html']);
  const scripts = [...firstLoadFiles(manifest, [...appChunks(manifest), module, ...catalogs])].filter((file) => !page.has(file));
  const styles = (manifest[module]?.css ?? []).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
  return [...styles, ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)].join('');
}
