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
      <PageHeading>Page not found</PageHeading>
      <p>There is no SEVA portal page at this address. Check the address, or use the link below.</p>
      <p>{signedIn ? <Link to={paths.dashboard}>Go to My Dashboard</Link> : <Link to={paths.login}>Go to sign in</Link>}</p>
    </PublicLayout>
  );
}
