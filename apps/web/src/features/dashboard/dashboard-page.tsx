import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { paths } from '../../lib/paths.ts';
import { useHelper, useSession } from '../../lib/session.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { SetUpChecklist } from './set-up-checklist.tsx';

const CARDS = [
  { to: paths.faces, title: 'Face Recognition', text: 'Teach your glasses the faces of the people you know.' },
  { to: paths.sos, title: 'Emergency Setup', text: 'Choose who we contact in an emergency.' },
  { to: paths.manual, title: 'Knowledge Base', text: 'Read the latest SEVA user manual.' },
  { to: paths.updates, title: 'Updates', text: 'Scan QR codes to install or update SEVA features.' },
] as const;

/**
 * /dashboard: 'My Dashboard', the welcome and the profile menu (product §2), then the user's set-up as a short
 * checklist with the next step (issue #9), then the four cards.
 */
export function DashboardPage() {
  const { data: user } = useSession();
  // A helper (issue #18) is welcomed by their own name, and not asked to complete the wearer's profile.
  const helper = useHelper();
  const name = (helper ? helper.name : user?.username)?.trim() || 'User';
  const incomplete = !helper && user && (!user.username || !user.phone);
  return (
    <>
      <div className="page-title-row">
        <PageHeading>{screenHeadings[paths.dashboard]}</PageHeading>
        <ProfileMenu name={name} />
      </div>
      <p className="lead">Welcome back, {name}</p>
      <StatusRegion tone="error" message={incomplete ? 'Profile data incomplete. Please update your profile.' : null} />
      <SetUpChecklist email={user?.email} wearer={helper ? (helper.actingFor?.username ?? user?.username ?? '') : undefined} />
      <h2 className="section-heading">All features</h2>
      <ul className="card-grid">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="feature-card">
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
