import type { BlobStore } from '../blobs/blob-store.ts';
import { describeFinding, describeStray, type Integrity } from './integrity.ts';

interface Log {
  info(line: string): void;
  warn(line: string): void;
}

/**
 * Before the server listens: removes what writes cut short by a crash left. Temporary files always; on the embedded
 * install, also blobs that no record names and that were stored before this process started (a crash between a blob
 * and its record, or between deleting a record and its blob). The embedded server is the only writer of its DATA_DIR,
 * so nothing stored before it started is still on its way to a record. On PostgreSQL a blob and its record commit in
 * one transaction, so there is nothing of the kind to sweep. A record whose blob is missing is only reported: deciding
 * to delete it is the operator's (`npm run admin -- check --repair`).
 */
export async function sweepAfterCrash(deps: { blobs: BlobStore; integrity: Integrity; embedded: boolean; startedAt: Date; log: Log }): Promise<void> {
  const { blobs, integrity, log } = deps;
  const temporary = await blobs.sweepTemporary();
  if (temporary > 0) log.info(`start-up sweep: removed ${temporary} temporary blob files left by an interrupted write`);
  if (!deps.embedded) return;
  const report = await integrity.check({ orphansStoredBefore: deps.startedAt });
  for (const file of report.strays) log.warn(`start-up sweep: ${describeStray(file)}`);
  const orphans = report.findings.filter((finding) => finding.problem === 'orphan-blob');
  for (const line of await integrity.repair(orphans)) log.info(`start-up sweep: ${line}`);
  const missing = report.findings.filter((finding) => finding.problem === 'missing-blob');
  for (const finding of missing) log.warn(`integrity: ${describeFinding(finding)}; run npm run admin -- check`);
}
