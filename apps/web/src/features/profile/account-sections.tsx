import { useChangePassword } from './api/change-password.ts';
import { ChangePasswordSection } from './change-password-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { RecentActivitySection } from './recent-activity-section.tsx';
import { SignedInBrowsersSection } from './signed-in-browsers-section.tsx';
import { YourDataSection } from './your-data-section.tsx';

/**
 * Issue #12 on /profile: its language (issue #33), where the account is signed in, what happened on it, and the user's data (download and
 * deletion). Each section says what happened through the page's status region: `onMessage` for news, `onFailure`
 * for what went wrong.
 */
export function AccountSections({ onMessage, onFailure }: { onMessage: (message: string) => void; onFailure: (message: string) => void }) {
  const changePassword = useChangePassword();
  return (
    <>
      <LanguageSection aboutEmails />
      <ChangePasswordSection change={async (input) => (await changePassword.mutateAsync(input)).message} withAccountOptions onMessage={onMessage} />
      <SignedInBrowsersSection onMessage={onMessage} onFailure={onFailure} />
      <RecentActivitySection />
      <YourDataSection onMessage={onMessage} onFailure={onFailure} />
    </>
  );
}
