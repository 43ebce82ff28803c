import type { Services } from '../services.ts';
import type { CliOutput } from './run-cli.ts';

const BAR_WIDTH = 30;

/** A line of progress: a bar, the count and the share done. */
export function progressLine(done: number, total: number): string {
  const share = total === 0 ? 1 : done / total;
  const filled = Math.round(share * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done} of ${total} photos (${Math.floor(share * 100)}%)`;
}

/**
 * `npm run admin -- faces redescribe`: every photo described by an older model is described again. Stopped part-way, it
 * starts again where it stopped (what is done is no longer listed); recognition keeps working meanwhile.
 */
export async function redescribeCommand(services: Services, out: CliOutput): Promise<number> {
  let shown = -1;
  const result = await services.faces.redescribe(({ done, total }) => {
    // A line every 5 %, so a log of thousands of photos stays short.
    const step = Math.floor((done / Math.max(total, 1)) * 20);
    if (step === shown) return;
    shown = step;
    out.log(progressLine(done, total));
  });
  if (result.total === 0) out.log('Every photo is already described by the current model; nothing to do.');
  else out.log(`Re-described ${result.done} of ${result.total} photos.`);
  if (result.skipped > 0) {
    out.error(`${result.skipped} photos could not be described (picture missing, or no face found now): they keep their description. Run npm run admin -- check.`);
    return 1;
  }
  return 0;
}
