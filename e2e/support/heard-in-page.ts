/** What the page noted, oldest first: an element that took focus, or the words a live region now says. */
export type Heard = Element | { live: 'polite' | 'assertive'; text: string };

declare global {
  interface Window {
    /** Takes the oldest note (screen-reader.ts reads it over CDP, so an element arrives as a node). */
    spokenNext?: () => Heard | undefined;
  }
}

/**
 * Runs in the page before its own scripts (page.addInitScript), so it must hold everything it uses. It notes, in the
 * order they happen, each element that takes focus and each change of what a live region says.
 *
 * A live region is read as Chromium passes it to NVDA, a frame at a time: when its visible text changes to something else than nothing,
 * the whole new text is said. A region that arrives already holding words is said only if it is an alert; a status
 * or aria-live region must be on the page, empty, before its words come, or screen readers miss them.
 */
export function noteWhatIsHeard(): void {
  const LIVE = '[role="status"],[role="alert"],[role="log"],[aria-live]';
  const notes: Heard[] = [];
  const saying = new WeakMap<Element, string>();

  const politenessOf = (region: Element) => {
    const live = region.getAttribute('aria-live');
    if (live === 'off' || live === 'polite' || live === 'assertive') return live;
    return region.getAttribute('role') === 'alert' ? 'assertive' : 'polite';
  };
  const visibleText = (region: HTMLElement) =>
    region.closest('[aria-hidden="true"]') || !region.checkVisibility() ? '' : region.innerText.replace(/\s+/g, ' ').trim();

  const listenToLiveRegions = () => {
    document.querySelectorAll<HTMLElement>(LIVE).forEach((region) => {
      const live = politenessOf(region);
      // A region inside another is said as part of the outer one.
      if (live === 'off' || region.parentElement?.closest(LIVE)) return;
      const text = visibleText(region);
      const before = saying.get(region);
      saying.set(region, text);
      if (text === '' || text === before) return;
      if (before === undefined && region.getAttribute('role') !== 'alert') return;
      notes.push({ live, text });
    });
  };

  // Chromium passes its tree to a screen reader once a frame: what a region says in between is never heard.
  let frameAsked = false;
  const listenNextFrame = () => {
    if (frameAsked) return;
    frameAsked = true;
    requestAnimationFrame(() => {
      frameAsked = false;
      listenToLiveRegions();
    });
  };
  document.addEventListener('focusin', (event) => notes.push(event.target as Element), true);
  new MutationObserver(listenNextFrame).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  window.spokenNext = () => notes.shift();
}
