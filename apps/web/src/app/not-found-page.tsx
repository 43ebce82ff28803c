import { Link } from 'react-router';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { paths } from '../lib/paths.ts';

export function NotFoundPage() {
  return (
    <main id="main" className="page page-narrow">
      <PageHeading>Page not found</PageHeading>
      <p>There is no SEVA portal page at this address.</p>
      <p>
        <Link to={paths.dashboard}>Go to My Dashboard</Link>
      </p>
    </main>
  );
}
