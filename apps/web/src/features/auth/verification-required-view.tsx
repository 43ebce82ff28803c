import { Trans, useLingui } from '@lingui/react/macro';
import type { SignInInput } from '@seva/shared';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useResendVerification } from './api/resend-verification.ts';

/** Shown when the account's e-mail is not verified yet; the user stays signed out (product §4). */
export function VerificationRequiredView({ credentials, onBack }: { credentials: SignInInput; onBack: () => void }) {
  const { t } = useLingui();
  const resend = useResendVerification();
  const failure = resend.error instanceof ApiError ? resend.error.message : resend.error ? t`Failed to send the verification e-mail. Please try again.` : null;
  const status = resend.isPending ? t`Sending verification e-mail…` : (resend.data?.message ?? null);
  return (
    <section aria-labelledby="verify-heading" className="card">
      <PageHeading id="verify-heading" focusKey="verify">
        <Trans>Verification Required</Trans>
      </PageHeading>
      <p>
        <Trans>Your e-mail address is not verified yet. Open the link in the e-mail we sent you when you registered, then sign in again.</Trans>
      </p>
      <StatusRegion tone={failure ? 'error' : 'success'} message={failure ?? status} />
      <div className="actions">
        <Button onClick={() => resend.mutate(credentials)} busy={resend.isPending}>
          <Trans>Send the verification e-mail again</Trans>
        </Button>
        <Button variant="secondary" onClick={onBack}>
          <Trans>BACK TO LOGIN</Trans>
        </Button>
      </div>
    </section>
  );
}
