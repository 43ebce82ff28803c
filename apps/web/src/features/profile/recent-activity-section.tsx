import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountMessages, activityLabels, ACTIVITY_RETENTION_DAYS, DEFAULT_LOCALE, doneByHelper, RECENT_ACTIVITY_SHOWN, type ActivityEvent, type ActivityKind } from '@seva/shared';
import { useRecentActivity } from './api/get-activity.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useLocalise } from '../../lib/i18n/use-localise.ts';

/**
 * What each kind of event is called: the server's `activityLabels` (issue #12, verbatim), which it sends in English as
 * the event's `label`; another language's page names the event from its kind with these.
 */
const KIND_LABELS: Record<ActivityKind, MessageDescriptor> = {
  'signed-in': msg`Signed in`,
  'wrong-password': msg`Wrong password`,
  'password-changed': msg`Password changed`,
  'email-verified': msg`Email verified`,
  'face-added': msg`Face added`,
  'face-renamed': msg`Face renamed`,
  'face-deleted': msg`Face deleted`,
  'photo-added': msg({ message: 'Photo added to {subject}' }),
  'photo-deleted': msg({ message: 'Photo deleted from {subject}' }),
  'contacts-changed': msg`Emergency contacts changed`,
  'data-downloaded': msg`Data downloaded`,
  'glasses-paired': msg`Glasses paired`,
  'glasses-unpaired': msg`Glasses unpaired`,
  'pairing-refused': msg`Pairing refused`,
  'browser-signed-out': msg`Browser signed out`,
  'signed-out-others': msg`Signed out all other browsers`,
  'account-restored': msg`Account restored`,
};

/** /profile's 'Recent activity' (issue #12): the account's newest events, each with when and from which browser or glasses. */
export function RecentActivitySection() {
  const { t, i18n } = useLingui();
  const localise = useLocalise();
  const activity = useRecentActivity();
  const shown = RECENT_ACTIVITY_SHOWN;
  const days = ACTIVITY_RETENTION_DAYS;
  const loadFailure = activity.error?.message;

  /** The event's label as the server wrote it in English; in another language made again from what it holds, the same way. */
  const labelOf = (event: ActivityEvent): string => {
    const known = KIND_LABELS[event.kind] as MessageDescriptor | undefined;
    if (i18n.locale === DEFAULT_LOCALE || !known) return event.label;
    if (event.kind === 'wrong-password' && event.count !== undefined) {
      const count = event.count;
      const from = event.device ? localise(event.device) : t`an unknown browser`;
      return t`${plural(count, { one: `# wrong password from ${from}`, other: `# wrong passwords from ${from}` })}`;
    }
    const inSentence = activityLabels[event.kind].includes('{subject}');
    // Built apart from the call: Lingui's extractor fails on an object spread written inside i18n._(…).
    const withSubject: MessageDescriptor = { ...known, values: { subject: event.subject ?? '' } };
    const kind = i18n._(withSubject);
    const done = event.helper ? localise(doneByHelper(kind, event.helper)) : kind;
    return event.subject && !inSentence ? `${done}: ${event.subject}` : done;
  };

  return (
    <section className="card account-section" aria-labelledby="recent-activity-heading">
      <h2 id="recent-activity-heading">{localise(accountMessages.recentActivityHeading)}</h2>
      <p className="field-hint">
        {t`The last ${shown} things that happened on your account (we keep ${days} days), with wrong passwords counted per browser. If you see one you did not do, change your password and sign out all other browsers.`}
      </p>
      {activity.isPending ? (
        <p>
          <Trans>Loading your recent activity…</Trans>
        </p>
      ) : null}
      {activity.isError ? (
        <p className="field-error">
          <Trans>Your recent activity could not be loaded: {loadFailure}</Trans>
        </p>
      ) : null}
      {activity.data?.length === 0 ? <p>{localise(accountMessages.noActivity)}</p> : null}
      {activity.data?.length ? (
        <ol className="account-list activity-list">
          {activity.data.map((event) => {
            const when = formatDateTime(event.at);
            // A summary of wrong passwords names its browser in its label already.
            const device = event.device && event.count === undefined ? localise(event.device) : null;
            return (
              <li key={event.id} className="account-item">
                <strong className="account-item-name">{labelOf(event)}</strong>{' '}
                <span className="account-item-detail">
                  {device ? (
                    <Trans>
                      <time dateTime={event.at}>{when}</time>, from {device}
                    </Trans>
                  ) : (
                    <time dateTime={event.at}>{when}</time>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
