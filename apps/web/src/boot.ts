import './styles.css';
// Before any chunk it evaluates: zod's settings must be in place before its first schema.
import './lib/zod-without-eval.ts';

/**
 * The page's script (index.html). On a prerendered page (/login, /signup) it runs the app once the browser has
 * painted the screen, which then shows before the app's code is fetched and evaluated, a while on a slow phone
 * (issue #14). Such a page lists the app's chunks and its screen's in a template (prerender.ts); they are all asked
 * for at once here. Other pages have nothing to show first and preload the app from the start; they, and a page
 * opened in the background, start it at once.
 */
function afterPaint(run: () => void): void {
  if (document.visibilityState === 'hidden' || !document.getElementById('root')?.hasChildNodes()) return run();
  requestAnimationFrame(() => setTimeout(run, 0));
}

/** Waits for a task of its own: what the browser has waiting (a paint, a press) goes first. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * React, the other chunks the page preloads (listed by prerender.ts, each after what it imports), then the app: each
 * chunk is evaluated in a task of its own, so none holds a slow phone's main thread for the time all take together
 * (what Lighthouse counts as blocking time, issues #14 and #33). A chunk that fails to load is left to the app's own
 * import, which then says why.
 */
async function startApp(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) {
    await import(/* @vite-ignore */ link.href).catch(() => undefined);
    await nextTask();
  }
  await import('./main.tsx');
}

afterPaint(() => {
  const preloads = document.getElementById('after-paint');
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content);
  void startApp();
});
