import { DomainError } from './domain-errors.ts';
import { SAMPLE_MANUAL_FILE_NAME, sampleManualPdf } from './modules/manuals/sample-manual.ts';
import type { ManualsService } from './modules/manuals/service.ts';

/** The sample manual's fixed id: instances starting together on one database add it once. */
const SAMPLE_MANUAL_ID = '00000000-0000-4000-8000-00000000a001';

/**
 * First start of an empty install: adds a generated sample user manual when there is no manual,
 * so /manual shows a PDF out of the box. Does nothing once any manual exists. Answers what it added.
 */
export async function seedEmptyInstall(manuals: ManualsService, log: (line: string) => void): Promise<{ manualAdded: boolean }> {
  if (await manuals.hasManuals()) return { manualAdded: false };
  try {
    const row = await manuals.addManual(await sampleManualPdf(), SAMPLE_MANUAL_FILE_NAME, { id: SAMPLE_MANUAL_ID });
    log(`Seeded the sample user manual ${row.file_name} (${row.size} bytes)`);
    return { manualAdded: true };
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'conflict') return { manualAdded: false };
    throw error;
  }
}
