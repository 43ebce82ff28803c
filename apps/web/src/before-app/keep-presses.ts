/**
 * The first script of every page, inline in its <head> (apps/web/inline-script.ts), so it runs before anything is
 * drawn: a page arrives prerendered and looks ready seconds before the app's script has run on a slow phone, and a
 * screen-reader user acts as soon as it speaks (issue #33, D-065). Until the app takes the page over, this keeps every
 * press the page cannot answer yet, says so in the page's status line, and does them in order once the app has
 * taken the page over and drawn it (app/early-presses.ts):
 * - a form of the app's (method="dialog": sign-in, sign-up, the e-mailed links' forms) sent by a button or Enter;
 * - a press on one of its buttons (type="button": 'Show' password, 'Menu', 'Sign Out').
 * A form the server answers itself (method="post": the 'Language' control) is left to the browser, with the page's
 * whole address put in its `data-page-address` field, so the server sends the browser back to exactly this page.
 * It must stay tiny, and imports nothing: it is not bundled, and every page carries it.
 */

/** A press kept for the app: a form sent (with the button that sent it), or a button pressed. */
type EarlyPress = { form: HTMLFormElement; submitter: HTMLElement | null } | { button: HTMLButtonElement };

export interface EarlyPresses {
  /**
   * Stops keeping presses (the app answers them from now on), and gives what does those kept: once the app has drawn
   * the page, in the order pressed, where still on the page (a form sent again with its button, a button pressed
   * again); then the status line is cleared.
   */
  takeOver(): () => void;
}

declare global {
  interface Window {
    sevaEarlyPresses?: EarlyPresses;
  }
}

/**
 * The page's status line for presses kept (index.html): empty, unseen and no live region until one is; its words
 * come in `data-waiting`. It becomes a live region first and is given its words a moment later, as a screen reader
 * announces only a change to a region it already knows.
 */
const status = () => document.getElementById('early-status');
const ANNOUNCE_AFTER_MS = 100;
let presses: EarlyPress[] = [];

function keep(press: EarlyPress): void {
  presses.push(press);
  const line = status();
  if (!line || line.getAttribute('role')) return;
  line.setAttribute('role', 'status');
  setTimeout(() => {
    if (line.getAttribute('role')) line.textContent = line.dataset.waiting ?? '';
  }, ANNOUNCE_AFTER_MS);
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement)) return;
  if (form.method === 'post') {
    const address = form.querySelector<HTMLInputElement>('input[data-page-address]');
    if (address) address.value = location.pathname + location.search + location.hash;
    return;
  }
  event.preventDefault();
  // A form sent twice is sent once: the second press says the same as the first.
  presses = presses.filter((press) => !('form' in press) || press.form !== form);
  keep({ form, submitter: event.submitter });
}

function onClick(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  // A submit button's press arrives as the form's submit.
  if (button?.type === 'button') keep({ button });
}

document.addEventListener('submit', onSubmit, true);
document.addEventListener('click', onClick, true);

function doPresses(kept: EarlyPress[]): void {
  for (const press of kept) {
    if ('button' in press) {
      if (press.button.isConnected) press.button.click();
    } else if (press.form.isConnected) {
      const { form, submitter } = press;
      form.requestSubmit(submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : null);
    }
  }
  const line = status();
  line?.removeAttribute('role');
  if (line) line.textContent = '';
}

window.sevaEarlyPresses = {
  takeOver() {
    document.removeEventListener('submit', onSubmit, true);
    document.removeEventListener('click', onClick, true);
    const kept = presses;
    presses = [];
    return () => doPresses(kept);
  },
};
