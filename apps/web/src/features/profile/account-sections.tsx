import type { ResultPlace } from '../../lib/use-action-result.ts';
import { useChangePassword } from './api/change-password.ts';
import { ChangePasswordSection } from './change-password-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { RecentActivitySection } from './recent-activity-section.tsx';
import { SignedInBrowsersSection } from './signed-in-browsers-section.tsx';
import { YourDataSection } from './your-data-section.tsx';

/** The places on /profile these sections show what the user's action did in (D-077). */
export interface AccountResults {
  password: ResultPlace;
  browsers: ResultPlace;
  data: ResultPlace;
}

/**
 * Issue #12 on /profile: its language (issue #33), where the account is signed in, what happened on it, and the user's
 * data (download and deletion). Each section shows what the user's action did in its own place (`results`, D-077);
 * what went wrong is said through the page's status region (`onFailure`).
 */
export function AccountSections({ results, onFailure }: { results: AccountResults; onFailure: (message: string) => void }) {
  const changePassword = useChangePassword();
  return (
    <>
      <LanguageSection aboutEmails />
      <ChangePasswordSection change={async (input) => (await changePassword.mutateAsync(input)).message} withAccountOptions result={results.password} />
      <SignedInBrowsersSection result={results.browsers} onFailure={onFailure} />
      <RecentActivitySection />
      <YourDataSection result={results.data} onFailure={onFailure} />
    </>
  );
}
