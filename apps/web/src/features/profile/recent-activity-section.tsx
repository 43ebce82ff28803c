import { accountMessages, ACTIVITY_RETENTION_DAYS, RECENT_ACTIVITY_SHOWN } from '@seva/shared';
import { useRecentActivity } from './api/get-activity.ts';
import { formatDateTime } from '../../lib/dates.ts';

const LOADING_ACTIVITY = 'Loading your recent activity…';
const activityLoadFailed = (message: string) => `Your recent activity could not be loaded: ${message}`;
const ACTIVITY_HINT = `The last ${RECENT_ACTIVITY_SHOWN} things that happened on your account (we keep ${ACTIVITY_RETENTION_DAYS} days), with wrong passwords counted per browser. If you see one you did not do, change your password and sign out all other browsers.`;

/** /profile's 'Recent activity' (issue #12): the account's newest events, each with when and from which browser or glasses. */
export function RecentActivitySection() {
  const activity = useRecentActivity();
  return (
    <section className="card account-section" aria-labelledby="recent-activity-heading">
      <h2 id="recent-activity-heading">{accountMessages.recentActivityHeading}</h2>
      <p className="field-hint">{ACTIVITY_HINT}</p>
      {activity.isPending ? <p>{LOADING_ACTIVITY}</p> : null}
      {activity.isError ? <p className="field-error">{activityLoadFailed(activity.error.message)}</p> : null}
      {activity.data?.length === 0 ? <p>{accountMessages.noActivity}</p> : null}
      {activity.data?.length ? (
        <ol className="account-list activity-list">
          {activity.data.map((event) => (
            <li key={event.id} className="account-item">
              <strong className="account-item-name">{event.label}</strong>{' '}
              <span className="account-item-detail">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                {/* A summary of wrong passwords names its browser in its label already. */}
                {event.device && event.count === undefined ? `, from ${event.device}` : ''}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
