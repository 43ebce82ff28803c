import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds people's faces, mail and records: only the portal's own user may read it. Every folder the portal
 * makes in it is 0700 and every file 0600 (SQLite gives its -wal and -shm files the database file's mode); DATA_DIR
 * itself is made 0700 at start and by a restore, however it was made (`keepDataDirPrivate`).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

interface LooseEntry {
  /** Relative to DATA_DIR ('.' for DATA_DIR itself). */
  path: string;
  mode: number;
  kind: 'folder' | 'file';
}

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/** An operator-readable line for an entry others may read. */
export const describeLoose = (entry: LooseEntry) =>
  `${entry.kind} ${entry.path} is ${octal(entry.mode)}: other users of the machine can read it (expected ${octal(entry.kind === 'folder' ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE)})`;

/**
 * DATA_DIR itself made 0700 when group or others may use it, as a folder the operator made with mkdir (or a volume
 * mount) usually is: the server does this at start and `admin restore` before it moves the files in. What is inside
 * is left to `admin check`. Answers the one line that says what changed (or could not), or undefined when nothing had
 * to: DATA_DIR is private already, or does not exist yet and is then created 0700.
 */
export async function keepDataDirPrivate(dataDir: string): Promise<string | undefined> {
  let stat;
  try {
    stat = await fs.stat(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!stat.isDirectory() || (stat.mode & 0o077) === 0) return undefined;
  try {
    await fs.chmod(dataDir, PRIVATE_DIR_MODE);
  } catch (error) {
    return `DATA_DIR ${dataDir} is ${octal(stat.mode)} and could not be made ${octal(PRIVATE_DIR_MODE)} (${(error as Error).message}): other users of the machine can read it.`;
  }
  return `DATA_DIR ${dataDir} was ${octal(stat.mode)}; it is now ${octal(PRIVATE_DIR_MODE)}, as the portal keeps it.`;
}

/** DATA_DIR and everything in it that group or others may use (symbolic links are not followed). */
export async function looseEntries(dataDir: string): Promise<LooseEntry[]> {
  const found: LooseEntry[] = [];
  const visit = async (relative: string) => {
    const full = path.join(dataDir, relative);
    let stat;
    try {
      stat = await fs.lstat(full);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (stat.isSymbolicLink()) return;
    const kind = stat.isDirectory() ? 'folder' : 'file';
    if ((stat.mode & 0o077) !== 0) found.push({ path: relative, mode: stat.mode, kind });
    if (kind === 'folder') for (const name of await fs.readdir(full)) await visit(relative === '.' ? name : path.join(relative, name));
  };
  await visit('.');
  return found;
}

/** Takes group's and others' access away from each entry; answers one line per change. */
export async function tighten(dataDir: string, entries: LooseEntry[]): Promise<string[]> {
  const lines: string[] = [];
  for (const entry of entries) {
    const mode = entry.kind === 'folder' ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    await fs.chmod(path.join(dataDir, entry.path), mode);
    lines.push(`made ${entry.kind} ${entry.path} ${octal(mode)}`);
  }
  return lines;
}
