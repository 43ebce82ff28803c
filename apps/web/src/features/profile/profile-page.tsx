import { profileMessages, type SessionUser } from '@seva/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useSignOut } from '../../lib/session.ts';
import { useTimedMessage } from '../../lib/use-timed-message.ts';
import { useProfile } from './api/get-profile.ts';
import { EditableField } from './editable-field.tsx';
import { IdentityQr } from './identity-qr.tsx';

const LOADING = 'Loading your profile...';

/** SPEC §8: why the profile could not be shown. */
function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return profileMessages.notFound;
  if (error instanceof ApiError && error.status === 401) return profileMessages.authenticationFailed;
  return profileMessages.loadFailed;
}

/** /profile: the user record, username and phone edited one at a time, and the identity QR (SPEC §2, §4, §5, §8). */
export function ProfilePage() {
  const profile = useProfile();
  const saved = useTimedMessage();
  const [failure, setFailure] = useState<string | null>(null);

  const error = profile.isError ? loadErrorMessage(profile.error) : failure;
  const message = error ?? saved.message ?? (profile.isPending ? LOADING : null);
  return (
    <>
      <PageHeading>User Profile</PageHeading>
      <StatusRegion tone={error ? 'error' : saved.message ? 'success' : 'info'} message={message} />
      {profile.isError ? <ReturnToLogin /> : null}
      {profile.data ? (
        <ProfileDetails
          user={profile.data}
          onSaved={(text) => {
            setFailure(null);
            saved.show(text);
          }}
          onFailure={(text) => {
            setFailure(text);
            if (text) saved.clear();
          }}
        />
      ) : null}
    </>
  );
}

function ProfileDetails({ user, onSaved, onFailure }: { user: SessionUser; onSaved: (m: string) => void; onFailure: (m: string | null) => void }) {
  return (
    <div className="profile-layout">
      <section className="card profile-card" aria-labelledby="profile-details-heading">
        <h2 id="profile-details-heading">Account details</h2>
        <dl className="profile-details">
          <EditableField field="username" value={user.username} onSaved={onSaved} onFailure={onFailure} />
          <EditableField field="phone" value={user.phone} onSaved={onSaved} onFailure={onFailure} />
          <div className="profile-row">
            <dt>Email</dt>
            <dd className="profile-value-text">{user.email}</dd>
          </div>
          <div className="profile-row">
            <dt>License ID</dt>
            <dd className="profile-value-text">{user.license_id}</dd>
          </div>
          <div className="profile-row">
            <dt>Security clearance</dt>
            <dd className="profile-value-text">Level {user.accessLevel ?? 1}</dd>
          </div>
        </dl>
        <p className="field-hint">{profileMessages.readOnly}</p>
      </section>
      <IdentityQr user={user} />
    </div>
  );
}

/** SPEC §2: the error view offers 'RETURN TO LOGIN'; the session is ended first, or /login would send the user back. */
function ReturnToLogin() {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <p>
      <Button busy={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSettled: () => navigate(paths.login, { replace: true }) })}>
        RETURN TO LOGIN
      </Button>
    </p>
  );
}
