import type { Config } from '../config.ts';
import { backupEmbeddedInstall, BackupError, restoreEmbeddedInstall } from '../maintenance/backup.ts';
import { describeFinding, ORPHAN_GRACE_MS } from '../maintenance/integrity.ts';
import type { Services } from '../services.ts';
import { formatSize } from './format-size.ts';

interface Output {
  log(line: string): void;
  error(line: string): void;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const listRecords = (records: Record<string, number>) =>
  Object.keys(records).length === 0 ? 'no records that name a blob' : Object.entries(records).map(([kind, count]) => plural(count, kind)).join(', ');

/**
 * `check [--repair]`: every disagreement between records and blobs, one line each; exit 1 if any is left.
 * With --repair, orphan blobs are removed and records whose blob is missing are deleted (a face without its image
 * cannot be shown, downloaded or erased with it), then the check runs again.
 */
export async function checkCommand(services: Services, repair: boolean, out: Output): Promise<number> {
  const report = await services.integrity.check();
  out.log(`Checked ${plural(report.records, 'record')} naming a blob against ${plural(report.blobs, 'stored blob')}.`);
  if (report.recent > 0) {
    out.log(`${plural(report.recent, 'blob')} stored in the last ${ORPHAN_GRACE_MS / 1000} s and not yet named by a record left alone: writes in progress.`);
  }
  for (const finding of report.findings) out.log(describeFinding(finding));
  if (report.findings.length === 0) {
    out.log('No inconsistency: every record has its blob and every blob its record.');
    return 0;
  }
  if (!repair) {
    out.error(`${plural(report.findings.length, 'inconsistency', 'inconsistencies')}. Run npm run admin -- check --repair to remove them.`);
    return 1;
  }
  for (const line of await services.integrity.repair(report.findings)) out.log(line);
  const after = await services.integrity.check();
  if (after.findings.length > 0) {
    for (const finding of after.findings) out.error(`still: ${describeFinding(finding)}`);
    return 1;
  }
  out.log(`Repaired: ${plural(report.findings.length, 'inconsistency', 'inconsistencies')} removed.`);
  return 0;
}

/** `backup FILE`: the embedded install into one archive, while the server runs; PostgreSQL: says to use pg_dump. */
export async function backupCommand(config: Config, file: string, out: Output): Promise<number> {
  try {
    const summary = await backupEmbeddedInstall(config, file);
    for (const line of summary.leftOut) out.log(`left out, deleted while the backup ran: ${line}`);
    out.log(
      `Backed up ${config.dataDir} to ${summary.file} (${formatSize(summary.bytes)}): records as of ${summary.createdAt}, ` +
        `${listRecords(summary.records)}, ${plural(summary.blobs, 'blob')}.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    out.error(error.message);
    return 1;
  }
}

/** `restore FILE`: a backup into an empty DATA_DIR. */
export async function restoreCommand(config: Config, file: string, out: Output): Promise<number> {
  try {
    const summary = await restoreEmbeddedInstall(config, file);
    out.log(
      `Restored ${file} into ${summary.dataDir}: records as of ${summary.createdAt}, ${listRecords(summary.records)}, ` +
        `${plural(summary.blobs, 'blob')}; every record has its blob. Start the server with this DATA_DIR.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    out.error(error.message);
    return 1;
  }
}
