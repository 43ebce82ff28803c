import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { paths } from '../lib/paths.ts';
import { useSignedIn } from '../lib/session.ts';
import { PublicLayout } from './layout/public-layout.tsx';

/** An address that is no page: the header and navigation a signed-in user has everywhere (issue #9), and a way on. */
export function NotFoundPage() {
  const signedIn = Boolean(useSignedIn().data);
  return (
    <PublicLayout>
      <PageHeading>
        <Trans>Page not found</Trans>
      </PageHeading>
      <p>
        <Trans>There is no SEVA portal page at this address. Check the address, or use the link below.</Trans>
      </p>
      <p>
        {signedIn ? (
          <Link to={paths.dashboard}>
            <Trans>Go to My Dashboard</Trans>
          </Link>
        ) : (
          <Link to={paths.login}>
            <Trans>Go to sign in</Trans>
          </Link>
        )}
      </p>
    </PublicLayout>
  );
}
