import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.ts';

/** Files being written start with this; a crash can leave them behind, and the start-up sweep removes them. */
export const TEMPORARY_PREFIX = '.tmp-';

export const isTemporary = (fileName: string) => fileName.startsWith(TEMPORARY_PREFIX);

/** Flushes a directory's entries (a rename or a new file in it) to disk. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Creates `dir` and any missing parents, and flushes each new entry to disk. */
export async function makeDirectoryDurably(dir: string): Promise<void> {
  const first = await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (first === undefined) return;
  const parents: string[] = [];
  for (let current = dir; current !== path.dirname(first); current = path.dirname(current)) parents.push(path.dirname(current));
  for (const parent of parents) await syncDirectory(parent);
}

/**
 * Writes `data` to a new temporary file beside `target` (same directory, so a rename can put it in place) and flushes
 * it to disk. Answers its path; the caller renames it and syncs the directory, or removes it.
 */
export async function writeTemporary(target: string, data: Buffer | string): Promise<string> {
  const temp = path.join(path.dirname(target), `${TEMPORARY_PREFIX}${path.basename(target)}-${randomBytes(6).toString('hex')}`);
  const handle = await fs.open(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  return temp;
}
