import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '@seva/shared';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useVerifyEmail } from './api/verify-email.ts';

/** Where the verification e-mail's link leads: confirms the address once, on arrival. */
export function VerifyEmailPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const failure = !token ? messages.linkInvalid : verify.error instanceof ApiError ? verify.error.message : verify.error ? messages.serverError : null;
  return (
    <section aria-labelledby="verify-email-heading" className="card">
      <PageHeading id="verify-email-heading" focusOnLoad>
        <Trans>Verify your e-mail</Trans>
      </PageHeading>
      <StatusRegion
        tone={failure ? 'error' : verify.isSuccess ? 'success' : 'info'}
        message={failure ?? (verify.isSuccess ? verify.data.message : t`Verifying your e-mail…`)}
      />
      <p>
        <Link to={paths.login}>
          <Trans>Go to sign in</Trans>
        </Link>
      </p>
    </section>
  );
}
