import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** One chunk of the build as Vite's manifest (`build.manifest`) describes it. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * The chunks of the app every page runs: the page's script (index.html, src/boot.ts) and what that script starts once
 * the page is painted (src/main.tsx, the one chunk it imports).
 */
export function appChunks(manifest: Manifest): string[] {
  const page = manifest['index.html'];
  if (!page) throw new Error('index.html is not a chunk of the build');
  return ['index.html', ...(page.dynamicImports ?? [])];
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * The JS files a page needs before it runs, for the chunks named by `keys` (manifest keys: 'index.html' for the app,
 * 'src/features/…-page.tsx' for a screen): each chunk and everything it imports statically, not what it loads later.
 */
export function firstLoadFiles(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not a chunk of the build`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** Bytes of `files` (paths inside `dist`) once each is gzipped, as the server sends them. */
export function gzipBytes(dist: string, files: Iterable<string>): number {
  let total = 0;
  for (const file of files) total += gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  return total;
}

/** What the app needs first, and what each screen adds to it: the script a page opened at that screen needs first. */
export function firstLoadByScreen(dist: string): Array<{ screen: string; gzipBytes: number; files: number }> {
  const manifest = readManifest(dist);
  const screens = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry && /-page\.tsx$/.test(key));
  const app = appChunks(manifest);
  return [
    { screen: 'the app alone', keys: app },
    ...screens.sort().map((key) => ({ screen: key, keys: [...app, key] })),
  ].map(({ screen, keys }) => {
    const files = firstLoadFiles(manifest, keys);
    return { screen, gzipBytes: gzipBytes(dist, files), files: files.size };
  });
}

// `npx tsx apps/web/first-load.ts [dist]`: prints the table for a build.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, 'dist'));
  for (const row of firstLoadByScreen(dist)) {
    console.log(`${(row.gzipBytes / 1024).toFixed(1).padStart(7)} KB gzip  ${String(row.files).padStart(2)} files  ${row.screen}`);
  }
}
