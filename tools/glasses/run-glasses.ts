import fs from 'node:fs';
import path from 'node:path';
import { portalClient, PortalError } from './portal-client.ts';
import { GlassesError, pairedState, type GlassesContext } from './glasses-context.ts';
import { pair, pairOptions } from './pair-command.ts';
import { sync, watch } from './sync-commands.ts';

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
