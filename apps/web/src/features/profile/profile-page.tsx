import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Trans } from '@lingui/react/macro';
import { profileMessages, type SessionUser } from '@seva/shared';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { readDraft } from '../../lib/drafts.ts';
import { paths } from '../../lib/paths.ts';
import { useHelper, useSession, useSignOutAndLeave } from '../../lib/session.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { useActionResult, type ResultPlace } from '../../lib/use-action-result.ts';
import { AccountSections } from './account-sections.tsx';
import { useProfile } from './api/get-profile.ts';
import { EditableField, type ProfileDraft } from './editable-field.tsx';
import { HelperProfile } from './helper-profile.tsx';
import { HelpersSection } from './helpers-section.tsx';
import { IdentityQr } from './identity-qr.tsx';
import { PairedGlassesSection } from './paired-glasses-section.tsx';

const LOADING = /*i18n*/ 'Loading your profile...';
/** Not in SPEC: an edit kept when the session ended, open again after signing in (issue #9). */
export const DRAFT_RESTORED = /*i18n*/ 'Your unsaved change is back. Check it, then save.';

/** Where /profile shows what an action did: beside what caused it (D-077). */
type ProfilePlace = 'username' | 'phone' | 'glasses' | 'helpers' | 'password' | 'browsers' | 'data';

/** product §8: why the profile could not be shown. */
function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return profileMessages.notFound;
  if (error instanceof ApiError && error.status === 401) return profileMessages.authenticationFailed;
  return profileMessages.loadFailed;
}

/** /profile: the wearer's account, or a helper's own (issue #18: a helper never sees the wearer's account here). */
export function ProfilePage() {
  const helper = useHelper();
  return helper ? <HelperProfile helper={helper} /> : <WearerProfile />;
}

/**
 * The wearer's /profile: the user record, username and phone edited one at a time, and the identity QR (product §2, §4,
 * §5, §8); 'Sign Out' beside the heading (issue #9). An edit kept when the session ended opens again here. Then their
 * glasses, their helpers (issue #18) and their account's sections. What an action did is shown in its section, beside
 * what caused it, until the next action (D-077); what went wrong, loading and a kept edit in the screen's status region.
 */
function WearerProfile() {
  const profile = useProfile();
  const results = useActionResult<ProfilePlace>();
  const uid = useSession().data?.uid;
  const [draft, setDraft] = useState(() => readDraft<ProfileDraft>(paths.profile, uid));
  const [failure, setFailure] = useState<string | null>(null);
  const { signOut, isPending: signingOut } = useSignOutAndLeave();

  const error = profile.isError ? loadErrorMessage(profile.error) : failure;
  const restored = draft && profile.data ? DRAFT_RESTORED : null;
  const message = error ?? (profile.isPending ? LOADING : restored);
  /** A place for results whose showing also clears the failure the status region says. */
  const place = (name: ProfilePlace): ResultPlace => {
    const at = results.at(name);
    return {
      ...at,
      show: (text) => {
        setFailure(null);
        at.show(text);
      },
    };
  };
  /** What went wrong, or null as the user starts again; either way the last result goes. */
  const showFailure = (text: string | null) => {
    setFailure(text);
    results.clear();
  };
  return (
    <>
      <div className="page-title-row">
        <PageHeading>{screenHeadings[paths.profile]}</PageHeading>
        <Button variant="secondary" busy={signingOut} onClick={signOut}>
          <Trans>Sign Out</Trans>
        </Button>
      </div>
      <StatusRegion tone={error ? 'error' : 'info'} message={message} />
      {profile.isError ? <ReturnToLogin /> : null}
      {profile.data ? (
        <ProfileDetails
          user={profile.data}
          draft={draft}
          results={{ username: place('username'), phone: place('phone') }}
          onSaved={() => setDraft(undefined)}
          onFailure={showFailure}
        />
      ) : null}
      {profile.data ? <PairedGlassesSection result={place('glasses')} /> : null}
      {profile.data ? <HelpersSection result={place('helpers')} onFailure={showFailure} /> : null}
      {profile.data ? (
        <AccountSections results={{ password: place('password'), browsers: place('browsers'), data: place('data') }} onFailure={showFailure} />
      ) : null}
    </>
  );
}

function ProfileDetails({
  user,
  draft,
  results,
  onSaved,
  onFailure,
}: {
  user: SessionUser;
  draft: ProfileDraft | undefined;
  results: Record<'username' | 'phone', ResultPlace>;
  onSaved: () => void;
  onFailure: (m: string | null) => void;
}) {
  const localise = useLocalise();
  const level = user.accessLevel ?? 1;
  return (
    <div className="profile-layout">
      <section className="card profile-card" aria-labelledby="profile-details-heading">
        <h2 id="profile-details-heading">
          <Trans>Account details</Trans>
        </h2>
        <dl className="profile-details">
          <EditableField field="username" value={user.username} draft={draft?.field === 'username' ? draft.values : undefined} result={results.username} onSaved={onSaved} onFailure={onFailure} />
          <EditableField field="phone" value={user.phone} draft={draft?.field === 'phone' ? draft.values : undefined} result={results.phone} onSaved={onSaved} onFailure={onFailure} />
          <div className="profile-row">
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd className="profile-value-text">{user.email}</dd>
          </div>
          <div className="profile-row">
            <dt>
              <Trans>License ID</Trans>
            </dt>
            <dd className="profile-value-text">{user.license_id}</dd>
          </div>
          <div className="profile-row">
            <dt>
              <Trans>Security clearance</Trans>
            </dt>
            <dd className="profile-value-text">
              <Trans>Level {level}</Trans>
            </dd>
          </div>
        </dl>
        <p className="field-hint">{localise(profileMessages.readOnly)}</p>
      </section>
      <IdentityQr user={user} />
    </div>
  );
}

/** product §2: the error view offers 'RETURN TO LOGIN'; the session is ended first, or /login would send the user back. */
function ReturnToLogin() {
  const { signOut, isPending } = useSignOutAndLeave();
  return (
    <p>
      <Button busy={isPending} onClick={signOut}>
        <Trans>RETURN TO LOGIN</Trans>
      </Button>
    </p>
  );
}
