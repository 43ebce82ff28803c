import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Link } from 'react-router';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { paths } from '../../lib/paths.ts';
import { useHelper, useSession } from '../../lib/session.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { ProfileMenu } from './profile-menu.tsx';
import { SetUpChecklist } from './set-up-checklist.tsx';

const CARDS = [
  { to: paths.faces, title: msg`Face Recognition`, text: msg`Teach your glasses the faces of the people you know.` },
  { to: paths.sos, title: msg`Emergency Setup`, text: msg`Choose who we contact in an emergency.` },
  { to: paths.manual, title: msg`Knowledge Base`, text: msg`Read the latest SEVA user manual.` },
  { to: paths.updates, title: msg`Updates`, text: msg`Scan QR codes to install or update SEVA features.` },
] as const;

/**
 * What /dashboard says under its heading to everyone, drawn by the page prerendered for a signed-in browser too
 * (app/layout/feature-layout.tsx), so the screen's largest text paints at once (D-068).
 */
export function Introduction() {
  return (
    <p>
      <Trans>Set up the SEVA glasses here: the faces they recognise, who they contact in an emergency, their manual and their features.</Trans>
    </p>
  );
}

/**
 * /dashboard: 'My Dashboard', what it is for, the welcome and the profile menu (product §2), then the user's set-up as a short
 * checklist with the next step (issue #9), then the four cards.
 */
export function DashboardPage() {
  const { t, i18n } = useLingui();
  const { data: user } = useSession();
  // A helper (issue #18) is welcomed by their own name, and not asked to complete the wearer's profile.
  const helper = useHelper();
  const name = (helper ? helper.name : user?.username)?.trim() || t`User`;
  const incomplete = !helper && user && 'phone' in user && (!user.username || !user.phone);
  return (
    <>
      <PageHeading>{screenHeadings[paths.dashboard]}</PageHeading>
      <Introduction />
      <div className="page-title-row">
        <p className="lead">
          <Trans>Welcome back, {name}</Trans>
        </p>
        <ProfileMenu name={name} />
      </div>
      <StatusRegion tone="error" message={incomplete ? t`Profile data incomplete. Please update your profile.` : null} />
      <SetUpChecklist email={user?.email} wearer={helper ? (helper.actingFor?.username ?? user?.username ?? '') : undefined} />
      <h2 className="section-heading">
        <Trans>All features</Trans>
      </h2>
      <ul className="card-grid">
        {CARDS.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="feature-card">
              <h3>{i18n._(card.title)}</h3>
              <p>{i18n._(card.text)}</p>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
