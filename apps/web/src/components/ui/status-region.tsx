import { useLocalise } from '../../lib/i18n/use-localise.ts';

/**
 * The screen's live region: always in the page so changes are announced.
 * Errors go to an assertive alert; busy and success text to a polite status. A message of the shared rules (English,
 * D-058) is said in the page's language.
 */
export function StatusRegion({ message: given, tone = 'info' }: { message?: string | null | undefined; tone?: 'info' | 'success' | 'error' }) {
  const localise = useLocalise();
  const message = given ? localise(given) : given;
  const isError = tone === 'error';
  return (
    <>
      <div role="alert" className={message && isError ? 'notice notice-error' : 'visually-empty'}>
        {isError ? message : null}
      </div>
      <div role="status" className={message && !isError ? `notice notice-${tone}` : 'visually-empty'}>
        {!isError ? message : null}
      </div>
    </>
  );
}
