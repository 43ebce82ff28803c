import './styles.css';

/**
 * The page's script (index.html). It runs the app once the browser has painted the page: a prerendered screen
 * (/login, /signup) shows before the app's code is fetched and evaluated, which takes a while on a slow phone
 * (issue #14). Such a page lists the app's chunks and its screen's in a template (prerender.ts); they are all asked
 * for at once here. Other pages preload the app from the start. A page opened in the background starts at once.
 */
function afterPaint(run: () => void): void {
  if (document.visibilityState === 'hidden') return run();
  requestAnimationFrame(() => setTimeout(run, 0));
}

afterPaint(() => {
  const preloads = document.getElementById('after-paint');
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content);
  void import('./main.tsx');
});
