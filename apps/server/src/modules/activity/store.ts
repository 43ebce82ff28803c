import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ActivityEventsTable } from '../../db/schema.ts';

export type ActivityRow = Selectable<ActivityEventsTable>;

export async function insertEvent(db: Executor, event: Insertable<ActivityEventsTable>): Promise<void> {
  await db.insertInto('activity_events').values(event).execute();
}

/**
 * The user's events at or after `since`, newest first, at most `limit`; after `before` (an event) when paging;
 * without the kind `except` when given.
 */
export function listEvents(db: Executor, userId: string, options: { since: string; limit: number; before?: { at: string; id: string }; except?: string }) {
  let query = db
    .selectFrom('activity_events')
    .select(['id', 'kind', 'at', 'device', 'helper_name', 'subject'])
    .where('user_id', '=', userId)
    .where('at', '>=', options.since);
  if (options.except) query = query.where('kind', '!=', options.except);
  const before = options.before;
  if (before) query = query.where((eb) => eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]));
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
}

/** Events older than `before`, whoever's; answers how many. */
export async function deleteOlderThan(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('activity_events').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteUserEvents(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('activity_events').where('user_id', '=', userId).execute();
}

/** Events of one kind at or after `since`, counted per device: the newest `limit` devices, each with its newest event. */
export async function countByDevice(db: Executor, userId: string, kind: string, since: string, limit: number) {
  const rows = await db
    .selectFrom('activity_events')
    .select((eb) => ['device', eb.fn.countAll<number>().as('count'), eb.fn.max('at').as('at'), eb.fn.max('id').as('id')])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('at', '>=', since)
    .groupBy('device')
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ device: row.device, count: Number(row.count), at: String(row.at), id: String(row.id) }));
}
