import type { Config } from '../config.ts';
import { backupEmbeddedInstall } from '../maintenance/backup.ts';
import { BackupError, type IntegrityOver } from '../maintenance/backup-format.ts';
import { restoreEmbeddedInstall } from '../maintenance/restore.ts';
import { describeFinding, describeStray, ORPHAN_GRACE_MS } from '../maintenance/integrity.ts';
import { describeLoose, looseEntries, tighten } from '../private-files.ts';
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
 * `check [--repair]`: every disagreement between records and blobs, one line each, then what else needs the
 * operator: files in DATA_DIR other users of the machine can read, blobs whose deletion has failed for over an hour,
 * and files under DATA_DIR/blobs that are no blob (reported, left alone); exit 1 if any problem is left.
 * With --repair, orphan blobs are removed and records whose blob is missing are deleted (a face without its image
 * cannot be shown, downloaded or erased with it), loose permissions are tightened, then the check runs again.
 */
export async function checkCommand(services: Services, config: Pick<Config, 'dataDir'>, repair: boolean, out: Output): Promise<number> {
  const report = await services.integrity.check();
  out.log(`Checked ${plural(report.records, 'record')} naming a blob against ${plural(report.blobs, 'stored blob')}.`);
  if (report.recent > 0) {
    out.log(`${plural(report.recent, 'blob')} stored in the last ${ORPHAN_GRACE_MS / 1000} s and not yet named by a record left alone: writes in progress.`);
  }
  for (const file of report.strays) out.log(describeStray(file));
  for (const finding of report.findings) out.log(describeFinding(finding));
  const loose = await looseEntries(config.dataDir);
  for (const entry of loose) out.log(describeLoose(entry));
  const stuck = await services.blobDeletions.stuck();
  for (const entry of stuck) out.log(describeStuck(entry));
  const problems = report.findings.length + loose.length + stuck.length;
  if (problems === 0) {
    out.log('No inconsistency: every record has its blob and every blob its record.');
    return 0;
  }
  if (!repair) {
    const repairable = report.findings.length + loose.length;
    if (repairable > 0) out.error(`${plural(repairable, 'inconsistency', 'inconsistencies')}. Run npm run admin -- check --repair to remove them.`);
    if (stuck.length > 0) out.error(stuckAdvice(stuck.length));
    return 1;
  }
  for (const line of await services.integrity.repair(report.findings)) out.log(line);
  for (const line of await tighten(config.dataDir, loose)) out.log(line);
  await services.blobDeletions.drain();
  const after = await services.integrity.check();
  const looseAfter = await looseEntries(config.dataDir);
  const stuckAfter = await services.blobDeletions.stuck();
  if (after.findings.length + looseAfter.length + stuckAfter.length > 0) {
    for (const finding of after.findings) out.error(`still: ${describeFinding(finding)}`);
    for (const entry of looseAfter) out.error(`still: ${describeLoose(entry)}`);
    for (const entry of stuckAfter) out.error(`still: ${describeStuck(entry)}`);
    if (stuckAfter.length > 0) out.error(stuckAdvice(stuckAfter.length));
    return 1;
  }
  out.log(`Repaired: ${plural(report.findings.length + loose.length, 'inconsistency', 'inconsistencies')} removed.`);
  return 0;
}

const describeStuck = (entry: { key: string; queuedAt: string; attempts: number }) =>
  `blob ${entry.key} has waited to be deleted since ${entry.queuedAt} (${plural(entry.attempts, 'failed attempt')})`;

const stuckAdvice = (count: number) =>
  `${plural(count, 'blob')} could not be deleted for over an hour: the server's log says why (blob deletion queue); fix that and the queue retries on its own.`;

/** `backup FILE`: the embedded install into one archive, while the server runs; PostgreSQL: says to use pg_dump. */
export async function backupCommand(config: Config, file: string, integrityOver: IntegrityOver, out: Output): Promise<number> {
  try {
    const summary = await backupEmbeddedInstall(config, file, integrityOver);
    for (const line of summary.leftOut) out.log(`left out, deleted while the backup ran: ${line}`);
    out.log(
      `Backed up ${config.dataDir} to ${summary.file} (${formatSize(summary.bytes)}): records as of ${summary.createdAt}, ` +
        `${listRecords(summary.records)}, ${plural(summary.blobs, 'blob')}.${summary.signed ? ' Signed with BACKUP_KEY.' : ''}`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    out.error(error.message);
    return 1;
  }
}

/** `restore FILE`: a backup into an empty DATA_DIR. */
export async function restoreCommand(config: Config, file: string, integrityOver: IntegrityOver, out: Output): Promise<number> {
  try {
    const summary = await restoreEmbeddedInstall(config, file, integrityOver);
    if (summary.dataDirMode) out.log(summary.dataDirMode);
    out.log(
      `Restored ${file} into ${summary.dataDir}: records as of ${summary.createdAt}, ${listRecords(summary.records)}, ` +
        `${plural(summary.blobs, 'blob')}; every record has its blob${summary.verified ? ', and its signature matches BACKUP_KEY' : ''}. Start the server with this DATA_DIR.`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    out.error(error.message);
    return 1;
  }
}
