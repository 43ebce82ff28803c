/**
 * A prerendered page (/login) shows its form before the app has taken it over. A form sent in that time does nothing
 * (components/ui/form.tsx); the last one sent is kept here and sent again once the app runs, so pressing Enter early
 * is not lost. boot.ts starts keeping as soon as it runs; main.tsx sends it again after hydration (App).
 */
let pending: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;

function keep(event: SubmitEvent): void {
  if (event.target instanceof HTMLFormElement) pending = { form: event.target, submitter: event.submitter };
}

export function keepEarlySubmits(): void {
  document.addEventListener('submit', keep, true);
}

/** The app runs now: stop keeping, and send again the form sent meanwhile if it is still on the page. */
export function resendEarlySubmit(): void {
  document.removeEventListener('submit', keep, true);
  const sent = pending;
  pending = undefined;
  if (!sent?.form.isConnected) return;
  const submitter = sent.submitter instanceof HTMLButtonElement && sent.submitter.form === sent.form ? sent.submitter : null;
  sent.form.requestSubmit(submitter);
}
