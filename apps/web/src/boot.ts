import './styles.css';

/**
 * The page's script (index.html). It runs the app once the browser has painted the page, so a prerendered screen
 * (/login, /signup) shows before the app's code is evaluated, which takes a while on a slow phone (issue #14). The
 * code is fetched meanwhile: every page preloads it (prerender.ts). A page opened in the background starts at once.
 */
function afterPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') return run();
  requestAnimationFrame(() => setTimeout(run, 0));
}

afterPaint(() => void import('./main.tsx'));
