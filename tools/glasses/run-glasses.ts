import fs from 'node:fs';
import path from 'node:path';
import { readState, writeState, type GlassesState } from './glasses-state.ts';
import type { SyncAnswer } from '@seva/shared';
import { serverEvents } from './event-stream.ts';
import { portalClient, PortalError, type PortalClient } from './portal-client.ts';

export const USAGE = `Usage: npm run glasses -- <command>

The reference client of the SEVA glasses: what the firmware does, over the portal's public API.

Commands:
  pair [--name NAME] [--scope SCOPES]
                                ask for a pairing code (SCOPES: space-separated, e.g. 'faces:read events';
                                none: what sync, recognition, events and installed features need), wait until it
                                is allowed on /pair, keep the token, and say which account the glasses joined
  sync                          fetch what changed since the last sync (everything the first time)
  watch                         hold the portal's event stream; on each change, sync and print what changed
  recognize PHOTO               ask the portal who is in a JPEG or PNG photo
  installed DBKEY=VERSION ...   tell the portal which features these glasses run (none: nothing)

Environment:
  SEVA_URL            the portal (default http://localhost:3000)
  SEVA_GLASSES_HOME   the folder of the token file .seva-glasses.json (default: the current folder)`;

interface GlassesOutput {
  log(line: string): void;
  error(line: string): void;
}

interface GlassesContext {
  portal: string;
  stateFile: string;
  out: GlassesOutput;
  /** How to wait between token polls (the portal sets the interval). */
  sleep?: (ms: number) => Promise<void>;
}

/** A failure the user can act on: printed as is, exit code 1 (2 for usage). */
class GlassesError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs one command; answers the exit code. */
export async function runGlasses(argv: readonly string[], context: GlassesContext): Promise<number> {
  const { out } = context;
  try {
    const [command, ...args] = argv;
    if (command === 'pair') await pair(context, pairOptions(args));
    else if (command === 'sync' && args.length === 0) await sync(context);
    else if (command === 'watch' && args.length === 0) await watch(context);
    else if (command === 'recognize' && args.length === 1) await recognize(context, args[0]!);
    else if (command === 'installed') await installed(context, args);
    else if (command === 'help' || command === '--help' || command === '-h') out.log(USAGE);
    else throw new GlassesError(`${command ? `Unknown command: ${argv.join(' ')}` : 'No command given.'}\n${USAGE}`, 2);
    return 0;
  } catch (error) {
    if (error instanceof GlassesError) {
      out.error(error.message);
      return error.exitCode;
    }
    if (error instanceof PortalError) {
      out.error(error.status === 401 ? `${error.message}\nPair the glasses again: npm run glasses -- pair` : error.message);
      return 1;
    }
    throw error;
  }
}

interface PairOptions {
  name?: string;
  scope?: string;
}

/** `--name NAME` and `--scope SCOPES`, each also as `--name=NAME`, in any order. */
function pairOptions(args: readonly string[]): PairOptions {
  const options: PairOptions = {};
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const key = flag === '--name' ? 'name' : flag === '--scope' ? 'scope' : undefined;
    const value = inline ?? args[(i += inline === undefined ? 1 : 0)];
    if (key === undefined || value === undefined || options[key] !== undefined) throw new GlassesError(`Usage: npm run glasses -- pair [--name NAME] [--scope SCOPES]`, 2);
    options[key] = value;
  }
  return options;
}

/** The scopes that let the glasses sync (any one of them). */
const SYNC_SCOPES = ['faces:read', 'contacts:read', 'features'];

/** The paired state for this portal, or why there is none. */
function pairedState(context: GlassesContext): GlassesState {
  const state = readState(context.stateFile);
  if (!state) throw new GlassesError(`These glasses are not paired yet (no ${context.stateFile}). Pair them first: npm run glasses -- pair`);
  if (state.portal !== context.portal) {
    throw new GlassesError(`These glasses are paired with ${state.portal}, not ${context.portal}. Set SEVA_URL=${state.portal}, or pair again.`);
  }
  return state;
}

/** RFC 8628: ask for a code, show it, poll at the interval (5 s more after each slow_down) until allowed, denied or expired. */
async function pair(context: GlassesContext, options: PairOptions): Promise<void> {
  const { out } = context;
  const deviceName = options.name;
  const sleep = context.sleep ?? defaultSleep;
  const client = portalClient(context.portal);
  const grant = await client.deviceAuthorization(deviceName, options.scope);
  out.log(`Pairing code: ${grant.user_code}`);
  out.log(`Sign in to SEVA and open ${grant.verification_uri_complete}`);
  out.log(`(or open ${grant.verification_uri} and type the code). The code works for ${Math.round(grant.expires_in / 60)} minutes.`);
  let interval = grant.interval;
  const deadline = Date.now() + grant.expires_in * 1000;
  for (;;) {
    await sleep(interval * 1000);
    try {
      const { access_token: accessToken, username, scope } = await client.token(grant.device_code);
      const state: GlassesState = { portal: context.portal, deviceName: deviceName ?? 'Unnamed glasses', username, scope, accessToken, faces: {} };
      writeState(context.stateFile, state);
      // Whoever typed the code owns the pairing: the firmware says this aloud, so a wearer hears a stranger's account.
      out.log(`Paired with the SEVA account of ${username}.`);
      out.log(`Allowed: ${scope}.`);
      out.log(`The token is kept in ${context.stateFile} (readable by you only).`);
      if (scope.split(' ').some((s) => SYNC_SCOPES.includes(s))) await syncWith(context, client, state);
      return;
    } catch (error) {
      if (!(error instanceof PortalError)) throw error;
      if (error.code === 'authorization_pending' && Date.now() < deadline) continue;
      if (error.code === 'slow_down') {
        interval += 5;
        out.log(`The portal asked the glasses to poll more slowly: every ${interval} seconds now.`);
        continue;
      }
      if (error.code === 'access_denied') throw new GlassesError('The pairing was denied on the portal. Nothing was paired.');
      if (error.code === 'expired_token' || error.code === 'authorization_pending') throw new GlassesError('The code expired before it was allowed. Run pair again for a new one.');
      throw error;
    }
  }
}

async function sync(context: GlassesContext): Promise<void> {
  await syncWith(context, portalClient(context.portal), pairedState(context));
}

/** One sync: from the kept cursor (everything the first time, or when the portal refuses the cursor); prints what changed. */
async function syncWith(context: GlassesContext, client: PortalClient, state: GlassesState): Promise<GlassesState> {
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
async function watch(context: GlassesContext): Promise<void> {
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

const IMAGE_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png' };

async function recognize(context: GlassesContext, photo: string): Promise<void> {
  const state = pairedState(context);
  if (!state.email) throw new GlassesError('Sync once first (npm run glasses -- sync): the face backend needs the account e-mail it gives.');
  const type = IMAGE_TYPES[path.extname(photo).toLowerCase()];
  if (!type) throw new GlassesError(`Not a JPEG or PNG photo: ${photo}`);
  if (!fs.existsSync(photo) || !fs.statSync(photo).isFile()) throw new GlassesError(`File not found: ${photo}`);
  const image = new Blob([fs.readFileSync(photo)], { type });
  const { match } = await portalClient(context.portal).recognize(state.accessToken, state.email, image, path.basename(photo));
  context.out.log(match ? `Recognised: ${match.name} (distance ${match.distance})` : 'No one the glasses were taught.');
}

async function installed(context: GlassesContext, args: readonly string[]): Promise<void> {
  const state = pairedState(context);
  const features: Record<string, string> = {};
  for (const arg of args) {
    const match = /^([^=]+)=(.+)$/.exec(arg);
    if (!match) throw new GlassesError(`Not DBKEY=VERSION: ${arg}\nUsage: npm run glasses -- installed DBKEY=VERSION ...`, 2);
    features[match[1]!] = match[2]!;
  }
  const answer = await portalClient(context.portal).installedFeatures(state.accessToken, features);
  const runs = Object.entries(answer.features).map(([dbKey, version]) => `${dbKey} ${version}`);
  context.out.log(`The portal now knows these glasses run: ${runs.length === 0 ? 'no features' : runs.join(', ')}`);
}
