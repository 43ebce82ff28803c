import { writeState, type GlassesState } from './glasses-state.ts';
import type { SyncAnswer } from '@seva/shared';
import { serverEvents } from './event-stream.ts';
import { portalClient, PortalError, type PortalClient } from './portal-client.ts';
import { defaultSleep, GlassesError, pairedState, type GlassesContext } from './glasses-context.ts';

export async function sync(context: GlassesContext): Promise<void> {
  await syncWith(context, portalClient(context.portal), pairedState(context));
}

/** One sync: from the kept cursor (everything the first time, or when the portal refuses the cursor); prints what changed. */
export async function syncWith(context: GlassesContext, client: PortalClient, state: GlassesState): Promise<GlassesState> {
  const { out } = context;
  let answer: SyncAnswer;
  let full = state.cursor === undefined;
  try {
    answer = await client.sync(state.accessToken, state.cursor);
  } catch (error) {
    if (!(error instanceof PortalError && (error.code === 'invalid_cursor' || error.code === 'cursor_expired'))) throw error;
    out.log(
      error.code === 'cursor_expired'
        ? 'The kept cursor is older than the deletions the portal keeps: fetching everything.'
        : 'The portal did not accept the kept cursor: fetching everything.',
    );
    full = true;
    answer = await client.sync(state.accessToken, undefined);
  }
  const before = state.faces;
  const faces: Record<string, string> = full ? {} : { ...before };
  const lines: string[] = [];
  for (const face of answer.faces) {
    const known = before[face.face_id];
    if (known === undefined) lines.push(`  + ${face.name}`);
    else if (known !== face.name) lines.push(`  ~ ${known} is now ${face.name}`);
    // Sent again under the same name: their photos changed (issue #32).
    else lines.push(`  ~ ${face.name}: ${face.photos.length === 1 ? '1 photo' : `${face.photos.length} photos`}`);
    faces[face.face_id] = face.name;
  }
  const gone = full ? Object.keys(before).filter((id) => !(id in faces)) : answer.deleted_face_ids;
  for (const id of gone) {
    if (before[id] !== undefined) lines.push(`  - ${before[id]}`);
    delete faces[id];
  }
  out.log(`${full ? 'Full sync' : 'Sync'}: ${Object.keys(faces).length} faces known${lines.length === 0 ? ', no changes.' : ':'}`);
  for (const line of lines) out.log(line);
  const contacts = answer.emergency_contacts.map((c) => `${c.name} (${c.country_code} ${c.phone_number}${c.is_primary ? ', primary' : ''})`);
  out.log(`Emergency contacts: ${contacts.length === 0 ? 'none' : contacts.join('; ')}`);
  const linked = answer.features.filter((f) => f.download_url !== null);
  out.log(`Features with a download link: ${linked.length === 0 ? 'none' : linked.map((f) => `${f.dbKey} ${f.version} ${f.download_url}`).join(', ')}`);
  const next = { ...state, email: answer.email, cursor: answer.cursor, faces };
  writeState(context.stateFile, next);
  return next;
}

/** The wait before reconnecting when the portal has not said (`retry:`). */
const DEFAULT_RETRY_MS = 3000;
/** The longest wait between reconnects while the portal cannot be reached. */
const MOST_RETRY_MS = 60_000;

/**
 * Holds GET /device-api/events. On each `changed` whose cursor differs from the kept one, a delta sync (the push only
 * says that something changed). After a drop it reconnects with Last-Event-ID, so a change made meanwhile is announced
 * at once; `revoked` (unpaired) and a 401 end it. Runs until stopped (Ctrl+C).
 */
export async function watch(context: GlassesContext): Promise<void> {
  const { out } = context;
  const sleep = context.sleep ?? defaultSleep;
  const client = portalClient(context.portal);
  let state = pairedState(context);
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  for (;;) {
    try {
      const body = await client.events(state.accessToken, state.cursor);
      failures = 0;
      out.log(`Watching ${context.portal} for changes (Ctrl+C to stop).`);
      for await (const event of serverEvents(body, (ms) => (retryMs = ms))) {
        if (event.event === 'revoked') throw new GlassesError('These glasses were unpaired on the portal. Pair them again: npm run glasses -- pair');
        if (event.event === 'changed' && event.id !== state.cursor) state = await syncWith(context, client, state);
      }
      out.log(`The portal ended the stream; reconnecting in ${Math.round(retryMs / 1000)} s.`);
    } catch (error) {
      // A refusal ends the watch; a dropped connection (fetch's TypeError mid-stream) or an unreachable portal does not.
      const dropped = (error instanceof PortalError && error.status !== 401 && error.status !== 429) || error instanceof TypeError;
      if (!dropped) throw error;
      failures += 1;
      out.log(`${(error as Error).message}; reconnecting in ${Math.round(Math.min(MOST_RETRY_MS, retryMs * failures) / 1000)} s.`);
    }
    await sleep(Math.min(MOST_RETRY_MS, retryMs * Math.max(1, failures)));
  }
}
