import { randomBytes } from 'node:crypto';
import { ACTIVITY_KINDS, ACTIVITY_RETENTION_DAYS, activityLabels, doneByHelper, fill, RECENT_ACTIVITY_SHOWN, wrongPasswordsSummary, type ActivityEvent, type ActivityKind } from '@seva/shared';
import type { Db, Executor } from '../../db/database.ts';
import type { SignedInUser } from '../../db/signed-in-user.ts';
import * as store from './store.ts';

/** Events older than this are purged (housekeeping) and never listed. */
export const ACTIVITY_RETENTION_MS = ACTIVITY_RETENTION_DAYS * 24 * 60 * 60 * 1000;
/** The longest device text kept (a glasses name is at most 60 characters, a browser description less). */
const DEVICE_MAX = 120;
/** Events read per page when the whole history is downloaded. */
const EXPORT_PAGE = 500;
/** Browsers whose wrong passwords are summarised on /profile, the most recent first. */
const FAILURE_SUMMARIES_SHOWN = 5;

/**
 * Notes that `kind` happened on the account of `userId`, done from `device` (the browser and system, or the glasses'
 * name; null when unknown) and, when a helper did it, by `helper` (the wearer's name for them, issue #18). What other
 * services are handed in services.ts: none of them imports this module's store.
 */
export type RecordActivity = (userId: string, kind: ActivityKind, device: string | null, helper?: string | null, subject?: string | null) => Promise<void>;

interface ActivityDeps {
  db: Db;
  now?: () => Date;
}

let made = 0;
/**
 * An event's id sorts in the order events were made, so two in the same millisecond list in the order they happened
 * (the list is ordered by time, then id): the time, a counter, then randomness so that instances never clash.
 */
function newEventId(at: Date): string {
  made = (made + 1) % 36 ** 4;
  return `${at.getTime().toString(36).padStart(9, '0')}-${made.toString(36).padStart(4, '0')}-${randomBytes(8).toString('hex')}`;
}

const isKind = (kind: string): kind is ActivityKind => (ACTIVITY_KINDS as readonly string[]).includes(kind);

const toEvent = (row: Pick<store.ActivityRow, 'id' | 'kind' | 'at' | 'device' | 'helper_name' | 'subject'>): ActivityEvent | undefined => {
  if (!isKind(row.kind)) return undefined;
  const template = activityLabels[row.kind];
  const inSentence = template.includes('{subject}');
  const what = inSentence ? fill(template, { subject: row.subject ?? '' }) : template;
  const done = row.helper_name ? doneByHelper(what, row.helper_name) : what;
  const label = row.subject && !inSentence ? `${done}: ${row.subject}` : done;
  return { id: row.id, kind: row.kind, label, at: row.at, device: row.device, helper: row.helper_name ?? null, subject: row.subject ?? null };
};

const newestFirst = (a: ActivityEvent, b: ActivityEvent) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at));

/**
 * The account's activity (issue #12): sign-ins, wrong passwords and every change a user makes, with when and from
 * what, and what it concerns (a face's or the glasses' name, the browser signed out: issue #21, D-043), so that a user
 * can spot what they did not do. Nothing secret is kept: no password, token, image or address; events go after 90 days
 * and with the account.
 */
export function createActivityService({ db, now = () => new Date() }: ActivityDeps) {
  const oldestKept = (at: Date) => new Date(at.getTime() - ACTIVITY_RETENTION_MS).toISOString();

  const record: RecordActivity = async (userId, kind, device, helper, subject) => {
    const at = now();
    await store.insertEvent(db, {
      id: newEventId(at),
      user_id: userId,
      kind,
      at: at.toISOString(),
      device: device?.slice(0, DEVICE_MAX) ?? null,
      helper_name: helper ?? null,
      subject: subject?.slice(0, DEVICE_MAX) ?? null,
    });
  };

  return {
    record,

    /**
     * The newest events, as /profile shows them. Wrong passwords are not among them one by one: they are counted per
     * browser over the time the list covers ('3 wrong passwords from Chrome on Windows 10', issue #20), so that
     * anyone who knows a license ID cannot push the owner's real events off the list.
     */
    async recent(user: SignedInUser): Promise<ActivityEvent[]> {
      const since = oldestKept(now());
      const rows = await store.listEvents(db, user.uid, { since, limit: RECENT_ACTIVITY_SHOWN, except: 'wrong-password' });
      const covered = rows.length === RECENT_ACTIVITY_SHOWN ? rows[rows.length - 1]!.at : since;
      const failures = await store.countByDevice(db, user.uid, 'wrong-password', covered, FAILURE_SUMMARIES_SHOWN);
      const summaries: ActivityEvent[] = failures.map((f) => ({
        id: f.id,
        kind: 'wrong-password',
        label: wrongPasswordsSummary(f.count, f.device),
        at: f.at,
        device: f.device,
        helper: null,
        subject: null,
        count: f.count,
      }));
      return [...rows.flatMap((row) => toEvent(row) ?? []), ...summaries].sort(newestFirst);
    },

    /** Every kept event, newest first, a page at a time (the data download). */
    async *history(userId: string): AsyncGenerator<ActivityEvent[]> {
      const since = oldestKept(now());
      let before: { at: string; id: string } | undefined;
      for (;;) {
        const rows = await store.listEvents(db, userId, { since, limit: EXPORT_PAGE, ...(before ? { before } : {}) });
        if (rows.length === 0) return;
        yield rows.flatMap((row) => toEvent(row) ?? []);
        const last = rows[rows.length - 1]!;
        before = { at: last.at, id: last.id };
      }
    },

    /** Housekeeping: events older than 90 days. */
    async purgeExpired(at: Date): Promise<Record<string, number>> {
      return { activity_events: await store.deleteOlderThan(db, oldestKept(at)) };
    },

    /** The account's deletion: its events go in the deletion's transaction. */
    eraseUser: (trx: Executor, userId: string) => store.deleteUserEvents(trx, userId),
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
