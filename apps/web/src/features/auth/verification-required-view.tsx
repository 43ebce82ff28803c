import type { SignInInput } from '@seva/shared';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useResendVerification } from './api/resend-verification.ts';

/** Shown when the account's e-mail is not verified yet; the user stays signed out (product §4). */
export function VerificationRequiredView({ credentials, onBack }: { credentials: SignInInput; onBack: () => void }) {
  const resend = useResendVerification();
  const failure = resend.error instanceof ApiError ? resend.error.message : resend.error ? 'Failed to send the verification e-mail. Please try again.' : null;
  const status = resend.isPending ? 'Sending verification e-mail…' : (resend.data?.message ?? null);
  return (
    <section aria-labelledby="verify-heading" className="card">
      <PageHeading id="verify-heading" focusKey="verify">
        Verification Required
      </PageHeading>
      <p>Your e-mail address is not verified yet. Open the link in the e-mail we sent you when you registered, then sign in again.</p>
      <StatusRegion tone={failure ? 'error' : 'success'} message={failure ?? status} />
      <div className="actions">
        <Button onClick={() => resend.mutate(credentials)} busy={resend.isPending}>
          Send the verification e-mail again
        </Button>
        <Button variant="secondary" onClick={onBack}>
          BACK TO LOGIN
        </Button>
      </div>
    </section>
  );
}
