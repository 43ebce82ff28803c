import type { BlobRecords, BlobStore } from '../blobs/blob-store.ts';

/** One disagreement between the records and the blobs. */
export type Finding =
  | { problem: 'orphan-blob'; key: string; storedAt: string }
  | { problem: 'missing-blob'; key: string; kind: string; record: string };

interface IntegrityReport {
  findings: Finding[];
  /** Records that name a blob, and blobs stored, when the check ran. */
  records: number;
  blobs: number;
  /** Blobs no record names yet that were stored after the cut-off: most likely a write in progress, left alone. */
  recent: number;
  /** Files under DATA_DIR/blobs that are no blob (a desktop's `.DS_Store`): reported, never removed. */
  strays: string[];
}

/** An operator-readable line for a stray file. */
export const describeStray = (file: string) => `${file} is not a blob the portal stores; left alone`;

/** An operator-readable line for a finding. */
export function describeFinding(finding: Finding): string {
  return finding.problem === 'orphan-blob'
    ? `blob ${finding.key} (stored ${finding.storedAt}) is named by no record`
    : `${finding.record} names blob ${finding.key}, which is missing`;
}

/** How long an unnamed blob may be a write in progress (stored, its record not yet committed). */
export const ORPHAN_GRACE_MS = 60_000;

/**
 * Compares the records that name blobs with the blobs stored, on either engine. Reads the records before and after
 * listing the blobs, so a record written or deleted meanwhile is not taken for an inconsistency; a blob that no record
 * names is judged only once it is older than `orphansStoredBefore` (a write commits its blob before its record).
 */
export function createIntegrity({ blobs, records }: { blobs: BlobStore; records: BlobRecords[] }) {
  async function named() {
    const lists = await Promise.all(records.map(async (kind) => (await kind.list()).map((entry) => ({ ...entry, kind }))));
    return lists.flat();
  }

  return {
    /** Every record that names a blob: the key, the report's description and the kind ('face', 'manual'). */
    async namedBlobs(): Promise<Array<{ key: string; record: string; kind: string }>> {
      return (await named()).map((entry) => ({ key: entry.key, record: entry.record, kind: entry.kind.kind }));
    },

    async check(options: { orphansStoredBefore?: Date } = {}): Promise<IntegrityReport> {
      const cutOff = (options.orphansStoredBefore ?? new Date(Date.now() - ORPHAN_GRACE_MS)).toISOString();
      const before = await named();
      const stored = await blobs.list();
      const after = await named();
      const namedKeys = new Set([...before, ...after].map((entry) => entry.key));
      const stillNamed = new Set(after.map((entry) => entry.key));
      const storedKeys = new Set(stored.map((blob) => blob.key));

      const findings: Finding[] = [];
      for (const entry of before) {
        if (stillNamed.has(entry.key) && !storedKeys.has(entry.key)) {
          findings.push({ problem: 'missing-blob', key: entry.key, kind: entry.kind.kind, record: entry.record });
        }
      }
      let recent = 0;
      for (const blob of stored) {
        if (namedKeys.has(blob.key)) continue;
        if (blob.storedAt < cutOff) findings.push({ problem: 'orphan-blob', key: blob.key, storedAt: blob.storedAt });
        else recent += 1;
      }
      return { findings, records: after.length, blobs: stored.length, recent, strays: await blobs.strays() };
    },

    /**
     * Removes each orphan blob (if still no record names it) and each record whose blob is missing, the way its module
     * deletes one: a face is never kept without its image. Answers one line per change.
     */
    async repair(findings: Finding[]): Promise<string[]> {
      const lines: string[] = [];
      const orphans = findings.filter((finding) => finding.problem === 'orphan-blob');
      const namedNow = orphans.length > 0 ? new Set((await named()).map((entry) => entry.key)) : new Set<string>();
      for (const finding of findings) {
        if (finding.problem === 'orphan-blob') {
          if (namedNow.has(finding.key)) continue;
          await blobs.delete(finding.key);
          lines.push(`removed blob ${finding.key}: no record named it`);
        } else {
          const kind = records.find((candidate) => candidate.kind === finding.kind);
          if (kind && (await kind.forget(finding.key))) {
            lines.push(`removed ${finding.record}: its blob ${finding.key} was missing, and a ${finding.kind} is never kept without it`);
          }
        }
      }
      return lines;
    },
  };
}

export type Integrity = ReturnType<typeof createIntegrity>;
