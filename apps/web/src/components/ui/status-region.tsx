/**
 * The screen's live region: always in the page so changes are announced.
 * Errors go to an assertive alert; busy and success text to a polite status.
 */
export function StatusRegion({ message, tone = 'info' }: { message?: string | null | undefined; tone?: 'info' | 'success' | 'error' }) {
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
