import fs from 'node:fs';
import path from 'node:path';

/** What the glasses keep between runs: whom they are paired with, their token, and where their last sync ended. */
export interface GlassesState {
  /** The portal these glasses are paired with (SEVA_URL at pairing). */
  portal: string;
  deviceName: string;
  /** The account the glasses joined (its username), said aloud after pairing. */
  username?: string;
  /** What the token may do, space-separated, as the portal granted it. */
  scope?: string;
  /** The bearer token: a secret, so the file is readable by its owner only (mode 0600). */
  accessToken: string;
  /** The account's e-mail, from the first sync: the face backend's `email` form field. */
  email?: string;
  /** The sync cursor of the last answer; absent before the first sync. */
  cursor?: string;
  /** face_id → name of every face the glasses know, to say what a sync changed. */
  faces: Record<string, string>;
}

const STATE_FILE_NAME = '.seva-glasses.json';

/** `$SEVA_GLASSES_HOME/.seva-glasses.json`, or `./.seva-glasses.json`. */
export function stateFileIn(home: string | undefined): string {
  return path.resolve(home ?? '.', STATE_FILE_NAME);
}

export function readState(file: string): GlassesState | undefined {
  if (!fs.existsSync(file)) return undefined;
  const state = JSON.parse(fs.readFileSync(file, 'utf8')) as GlassesState;
  return { ...state, faces: state.faces ?? {} };
}

/** Written to a temporary file first, then renamed, so a crash never leaves half a token; owner-only. */
export function writeState(file: string, state: GlassesState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(temporary, 0o600);
  fs.renameSync(temporary, file);
}
