import './styles.css';

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

/**
 * React first, then the rest of the app: each is evaluated in a task of its own, so neither holds a slow phone's main
 * thread for the time both take (what Lighthouse counts as blocking time, issue #14).
 */
async function startApp(): Promise<void> {
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve, 0));
  await import('./main.tsx');
}

afterPaint(() => {
  const preloads = document.getElementById('after-paint');
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content);
  void startApp();
});
