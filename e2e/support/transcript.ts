import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Spoken } from './screen-reader.ts';

const TRANSCRIPTS = path.resolve(import.meta.dirname, '../transcripts');
/** `UPDATE_TRANSCRIPTS=1` writes what was said as the new transcripts, once the rules below hold. */
const UPDATING = process.env.UPDATE_TRANSCRIPTS === '1';

/** What changes from run to run, said as a placeholder so the transcript stays the same. */
const MASKS: [RegExp, string][] = [
  [/[\w.+-]+@example\.com/g, '<e-mail>'],
  [/\bLIC-[0-9A-F]+\b/g, '<license ID>'],
  [/\bTester [0-9a-f]+\b/g, '<username>'],
  [/\bHelper [0-9a-f]+\b/g, '<helper name>'],
  // RFC 8628 user codes, as glasses.spec.ts checks them.
  [/\b[BCDFGHJKMNPQRSTVWXZ2-9]{4}-[BCDFGHJKMNPQRSTVWXZ2-9]{4}\b/g, '<pairing code>'],
  [/\b\d+ (seconds?|minutes?)\b/g, '<n> $1'],
  [/\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w* \d{4}\b/g, '<date>'],
  [/\b\d{1,2}:\d{2}\b/g, '<time>'],
];

export const masked = (text: string): string => MASKS.reduce((said, [pattern, placeholder]) => said.replace(pattern, placeholder), text);

/** The rules every journey keeps, whatever its transcript: each problem found, as a line that says where. */
function brokenRules(lines: string[], spoken: Spoken[], announced: string[]): string[] {
  const problems: string[] = [];
  lines.forEach((line, i) => {
    if (i > 0 && line === lines[i - 1]) problems.push(`line ${i + 1} is said twice in a row: "${line}"`);
    if (spoken[i]!.unlabelled) problems.push(`line ${i + 1} is a control with no name: "${line}"`);
  });
  const live = lines.filter((_, i) => spoken[i]!.kind === 'live');
  for (const line of new Set(live)) {
    const times = live.filter((said) => said === line).length;
    if (times > 1) problems.push(`announced ${times} times, not once: "${line}"`);
  }
  for (const words of announced) {
    const times = live.filter((said) => said.includes(words)).length;
    if (times !== 1) problems.push(`"${words}" is announced ${times} times by a live region, not once`);
  }
  return problems;
}

/**
 * Checks what was said along journey `name` against the rules and e2e/transcripts/`name`.txt, one phrase a line.
 * `announced` lists the busy, saved and error states the journey reaches: each must be announced exactly once.
 */
export function expectTranscript(name: string, spoken: Spoken[], { announced }: { announced: string[] }): void {
  const lines = spoken.map((said) => masked(said.text));
  const said = `${lines.join('\n')}\n`;
  expect(brokenRules(lines, spoken, announced), `what a screen reader says along '${name}' breaks the rules:\n${said}`).toEqual([]);
  const file = path.join(TRANSCRIPTS, `${name}.txt`);
  if (UPDATING) {
    fs.mkdirSync(TRANSCRIPTS, { recursive: true });
    fs.writeFileSync(file, said);
    return;
  }
  const kept = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  expect(said, `what a screen reader says along '${name}' is not e2e/transcripts/${name}.txt; if the change is meant, rerun with UPDATE_TRANSCRIPTS=1 and commit the transcript`).toBe(kept);
}
