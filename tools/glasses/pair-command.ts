import { writeState, type GlassesState } from './glasses-state.ts';
import { portalClient, PortalError } from './portal-client.ts';
import { defaultSleep, GlassesError, type GlassesContext } from './glasses-context.ts';
import { syncWith } from './sync-commands.ts';

interface PairOptions {
  name?: string;
  scope?: string;
}

/** `--name NAME` and `--scope SCOPES`, each also as `--name=NAME`, in any order. */
export function pairOptions(args: readonly string[]): PairOptions {
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

/** RFC 8628: ask for a code, show it, poll at the interval (5 s more after each slow_down) until allowed, denied or expired. */
export async function pair(context: GlassesContext, options: PairOptions): Promise<void> {
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
      const { access_token: accessToken, username, account, scope } = await client.token(grant.device_code);
      const state: GlassesState = { portal: context.portal, deviceName: deviceName ?? 'Unnamed glasses', username, scope, accessToken, faces: {} };
      writeState(context.stateFile, state);
      // Whoever typed the code owns the pairing: the firmware says this aloud, so a wearer hears a stranger's account.
      out.log(`Paired with the SEVA account ${account}.`);
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

