import { cancelInvitationFor, helperMessages, invitationCancelledMessage, invitationSentMessage, removeHelper, type HelperSummary } from '@seva/shared';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useHelpers } from './api/get-helpers.ts';
import { useRemoveHelper } from './api/remove-helper.ts';
import { InviteHelperDialog } from './invite-helper-dialog.tsx';
import { RemoveHelperDialog } from './remove-helper-dialog.tsx';

const HELPERS_EXPLAINED =
  'Someone you trust can help set up your glasses with their own sign-in: they can manage your faces and emergency contacts and read the Knowledge Base and Updates, but never change your account, pair glasses or delete anything of your account. What they do shows in your recent activity. You can remove them at any time.';
const LOADING_HELPERS = 'Loading your helpers…';
const helpersLoadFailed = (message: string) => `Your helpers could not be loaded: ${message}`;
const cancelFailedMessage = (message: string) => `Failed to cancel the invitation: ${message}`;

/**
 * /profile's 'Helpers' for a wearer (issue #18): each helper with their state ('Invitation sent', 'Helping you'),
 * 'Cancel invitation' or 'Remove {helper}' (confirmed), and 'Invite a helper'. What happened is said in the page's
 * status region; when a row goes, focus goes to this section's heading.
 */
export function HelpersSection({ onMessage, onFailure }: { onMessage: (message: string) => void; onFailure: (message: string) => void }) {
  const helpers = useHelpers();
  const cancel = useRemoveHelper();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<HelperSummary | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (!focusRequest) return;
    // After a dialog has closed (its own focus restore waits a frame too, and may find its button gone).
    const frame = requestAnimationFrame(() => heading.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  const cancelInvitation = async (helper: HelperSummary) => {
    try {
      await cancel.mutateAsync(helper);
      onMessage(invitationCancelledMessage(helper.name));
      setFocusRequest((n) => n + 1);
    } catch (error) {
      onFailure(cancelFailedMessage(error instanceof Error ? error.message : String(error)));
    }
  };

  return (
    <section className="card account-section" aria-labelledby="helpers-heading">
      <h2 id="helpers-heading" ref={heading} tabIndex={-1}>
        {helperMessages.sectionHeading}
      </h2>
      <p className="field-hint">{HELPERS_EXPLAINED}</p>
      {helpers.isPending ? <p>{LOADING_HELPERS}</p> : null}
      {helpers.isError ? (
        <>
          <p className="field-error">{helpersLoadFailed(helpers.error.message)}</p>
          <Button variant="secondary" busy={helpers.isFetching} onClick={() => void helpers.refetch()}>
            Try again
          </Button>
        </>
      ) : null}
      {helpers.data?.length === 0 ? <p>{helperMessages.noHelpers}</p> : null}
      {helpers.data?.length ? (
        <ul className="account-list helper-list">
          {helpers.data.map((helper) => (
            <li key={helper.id} className="account-item">
              <h3 className="account-item-name">{helper.name}</h3>
              <p className="account-item-detail">{helper.email}</p>
              <p className="account-item-detail">
                {helper.status === 'invited' ? helperMessages.invitationSent : helperMessages.active}
                {', '}
                {helper.status === 'invited' ? 'on ' : 'since '}
                <time dateTime={helper.acceptedAt ?? helper.invitedAt}>{formatDateTime(helper.acceptedAt ?? helper.invitedAt)}</time>
              </p>
              {helper.status === 'invited' ? (
                <Button variant="secondary" aria-label={cancelInvitationFor(helper.name)} busy={cancel.isPending} onClick={() => void cancelInvitation(helper)}>
                  {helperMessages.cancelInvitation}
                </Button>
              ) : (
                <Button variant="secondary" onClick={() => setRemoving(helper)}>
                  {removeHelper(helper.name)}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {helpers.data ? (
        <p className="actions">
          <Button onClick={() => setInviting(true)}>{helperMessages.invite}</Button>
        </p>
      ) : null}
      <InviteHelperDialog
        isOpen={inviting}
        onClose={() => setInviting(false)}
        onInvited={(helper) => {
          setInviting(false);
          onMessage(invitationSentMessage(helper.email));
        }}
      />
      <RemoveHelperDialog
        helper={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(message) => {
          setRemoving(null);
          onMessage(message);
          setFocusRequest((n) => n + 1);
        }}
      />
    </section>
  );
}
