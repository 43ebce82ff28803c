import { Trans, useLingui } from '@lingui/react/macro';
import { cancelInvitationFor, helperMessages, invitationCancelledMessage, invitationSentMessage, removeHelper, type HelperSummary } from '@seva/shared';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { ResultBanner } from '../../components/ui/result-banner.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useLocalise } from '../../lib/i18n/use-localise.ts';
import type { ResultPlace } from '../../lib/use-action-result.ts';
import { useHelpers } from './api/get-helpers.ts';
import { useRemoveHelper } from './api/remove-helper.ts';
import { InviteHelperDialog } from './invite-helper-dialog.tsx';
import { RemoveHelperDialog } from './remove-helper-dialog.tsx';

/**
 * /profile's 'Helpers' for a wearer (issue #18): each helper with their state ('Invitation sent', 'Helping you'),
 * 'Cancel invitation' or 'Remove {helper}' (confirmed), and 'Invite a helper'. What happened is said below the list,
 * just above 'Invite a helper', and takes focus, as the dialog or the row that held it is gone (D-077); a failure
 * through the page's status region.
 */
export function HelpersSection({ result, onFailure }: { result: ResultPlace; onFailure: (message: string) => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const helpers = useHelpers();
  const cancel = useRemoveHelper();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<HelperSummary | null>(null);

  const cancelInvitation = async (helper: HelperSummary) => {
    result.clear();
    try {
      await cancel.mutateAsync(helper);
      result.show(invitationCancelledMessage(helper.name));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      onFailure(t`Failed to cancel the invitation: ${message}`);
    }
  };

  const loadFailure = helpers.error?.message;
  return (
    <section className="card account-section" aria-labelledby="helpers-heading">
      <h2 id="helpers-heading">
        {localise(helperMessages.sectionHeading)}
      </h2>
      <p className="field-hint">
        <Trans>
          Someone you trust can help set up your glasses with their own sign-in: they can add, rename and delete your faces, manage your emergency contacts and
          read the Knowledge Base and Updates, but never change your account, pair or unpair glasses, or delete your account. What they do shows in your recent
          activity. You can remove them at any time.
        </Trans>
      </p>
      {helpers.isPending ? (
        <p>
          <Trans>Loading your helpers…</Trans>
        </p>
      ) : null}
      {helpers.isError ? (
        <>
          <p className="field-error">
            <Trans>Your helpers could not be loaded: {loadFailure}</Trans>
          </p>
          <Button variant="secondary" busy={helpers.isFetching} onClick={() => void helpers.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </>
      ) : null}
      {helpers.data?.length === 0 ? <p>{localise(helperMessages.noHelpers)}</p> : null}
      {helpers.data?.length ? (
        <ul className="account-list helper-list">
          {helpers.data.map((helper) => {
            const at = helper.acceptedAt ?? helper.invitedAt;
            const when = formatDateTime(at);
            return (
              <li key={helper.id} className="account-item">
                <h3 className="account-item-name">{helper.name}</h3>
                <p className="account-item-detail">{helper.email}</p>
                <p className="account-item-detail">
                  {helper.status === 'invited' ? (
                    <HelperState state={localise(helperMessages.invitationSent)} since={false} at={at} when={when} />
                  ) : (
                    <HelperState state={localise(helperMessages.active)} since at={at} when={when} />
                  )}
                </p>
                {helper.status === 'invited' ? (
                  <Button variant="secondary" aria-label={localise(cancelInvitationFor(helper.name))} busy={cancel.isPending} onClick={() => void cancelInvitation(helper)}>
                    {localise(helperMessages.cancelInvitation)}
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    onClick={() => {
                      result.clear();
                      setRemoving(helper);
                    }}
                  >
                    {localise(removeHelper(helper.name))}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <ResultBanner result={result.shown} />
      {helpers.data ? (
        <p className="actions">
          <Button
            onClick={() => {
              result.clear();
              setInviting(true);
            }}
          >
            {localise(helperMessages.invite)}
          </Button>
        </p>
      ) : null}
      <InviteHelperDialog
        isOpen={inviting}
        onClose={() => setInviting(false)}
        onInvited={(helper) => {
          setInviting(false);
          result.show(invitationSentMessage(helper.email));
        }}
      />
      <RemoveHelperDialog
        helper={removing}
        onClose={() => setRemoving(null)}
        onRemoved={(message) => {
          setRemoving(null);
          result.show(message);
        }}
      />
    </section>
  );
}

/** 'Invitation sent on {date}' or 'Helping you since {date}'. */
function HelperState({ state, since, at, when }: { state: string; since: boolean; at: string; when: string }) {
  return since ? (
    <Trans>
      {state} since <time dateTime={at}>{when}</time>
    </Trans>
  ) : (
    <Trans>
      {state} on <time dateTime={at}>{when}</time>
    </Trans>
  );
}
