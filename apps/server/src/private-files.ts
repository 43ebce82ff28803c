import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds people's faces, mail and records: only the portal's own user may read it. Every folder the portal
 * makes in it is 0700 and every file 0600 (SQLite gives its -wal and -shm files the database file's mode).
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
