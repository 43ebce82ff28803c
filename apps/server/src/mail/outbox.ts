import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The outbox: without SMTP_URL each e-mail is an .eml file under DATA_DIR/mail, named by when it was written and to
 * whom. It holds people's links and addresses, so it is emptied of a deleted account's mail and of anything older
 * than `OUTBOX_RETENTION_MS`.
 */
const OUTBOX_DIR = 'mail';
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** An ISO time with ':' and '.' made '-', as file names carry it: '2026-01-01T10-00-00-000Z'. */
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z/;

export const outboxDir = (dataDir: string) => path.join(dataDir, OUTBOX_DIR);

/** The part of a file name that says whom the mail is to. */
export const safeName = (address: string) => address.replace(/[^a-z0-9@._-]/gi, '_');

export function outboxFileName(at: Date, to: string): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${safeName(to)}.eml`;
}

async function outboxFiles(dataDir: string): Promise<string[]> {
  try {
    return (await fs.readdir(outboxDir(dataDir))).filter((name) => STAMP.test(name) && name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function removeEach(dataDir: string, names: string[]): Promise<number> {
  for (const name of names) await fs.rm(path.join(outboxDir(dataDir), name), { force: true });
  return names.length;
}

/** Removes every outbox mail to `address` (an account's erasure); answers how many. */
export async function purgeOutboxFor(dataDir: string, address: string): Promise<number> {
  const recipient = `${safeName(address)}.eml`.toLowerCase();
  const files = await outboxFiles(dataDir);
  return removeEach(dataDir, files.filter((name) => name.slice(name.match(STAMP)![0].length + 1).toLowerCase() === recipient));
}

/** Removes outbox mail written before `before` (housekeeping, OUTBOX_RETENTION_MS); answers how many. */
export async function purgeOutboxBefore(dataDir: string, before: Date): Promise<number> {
  const cutOff = outboxFileName(before, '');
  return removeEach(dataDir, (await outboxFiles(dataDir)).filter((name) => name.slice(0, 24) < cutOff.slice(0, 24)));
}
