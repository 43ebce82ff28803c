/**
 * The manual as headings, paragraphs and lists, rebuilt from the text an untagged PDF holds (a tagged one says its
 * structure itself: tagged-text.ts), for the 'Read as text' view.
 * A PDF of this kind stores positioned runs of text, not structure; the structure is read back from their sizes
 * and places: text clearly bigger than the body is a heading (the biggest size the top level), lines close together
 * at one size make a paragraph, a line that starts with a bullet starts a list item. Lines that repeat on most pages
 * (running headers and footers, page numbers) are left out. When no text is bigger than the body, the PDF's outline
 * (its bookmarks), if it has one, says which lines are headings.
 */

/** One run of text as pdf.js gives it (TextItem), reduced to what is used here. Positions are PDF points, y up. */
export interface TextRun {
  str: string;
  x: number;
  y: number;
  width: number;
  /** The font size: the height of the text's box. */
  size: number;
  hasEOL: boolean;
}

/** One entry of the PDF's outline (bookmarks), with its sub-entries. */
export interface OutlineEntry {
  title: string;
  items: OutlineEntry[];
}

export type TextBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

interface Line {
  page: number;
  text: string;
  x: number;
  /** Where the words start after a bullet (the bullet's own x otherwise). */
  textX: number;
  y: number;
  size: number;
}

/** Sizes within this much (points) are one size. */
const SIZE_TOLERANCE = 0.5;
/** A heading is at least this much bigger than the body text. */
const HEADING_RATIO = 1.15;
/** Lines of one paragraph are at most this many font sizes apart, baseline to baseline. */
const PARAGRAPH_LEADING = 1.75;
const BULLET = /^([•◦▪▫‣∙·●○■□*\-–—])\s+/u;

export function manualTextBlocks(pages: readonly (readonly TextRun[])[], outline: readonly OutlineEntry[] = []): TextBlock[] {
  const lines = dropRepeatedLines(pages.flatMap((runs, page) => linesOf(runs, page)), pages.length);
  if (lines.length === 0) return [];
  const body = bodySize(lines);
  const headingSizes = distinctSizes(lines.map((l) => l.size).filter((size) => size >= body * HEADING_RATIO)).sort((a, b) => b - a);
  const outlineLevels = headingSizes.length === 0 ? outlineLevelsByTitle(outline) : new Map<string, number>();
  const headingLevel = (line: Line): number | undefined => {
    const bySize = headingSizes.findIndex((size) => sameSize(size, line.size));
    if (bySize >= 0) return bySize + 1;
    return outlineLevels.get(normalise(line.text));
  };

  const blocks: TextBlock[] = [];
  let previous: Line | undefined;
  for (const line of lines) {
    const level = headingLevel(line);
    const last = blocks[blocks.length - 1];
    const bullet = line.text.match(BULLET);
    if (level !== undefined) {
      if (last?.kind === 'heading' && last.level === level && previous && follows(previous, line)) last.text = joinLines(last.text, line.text);
      else blocks.push({ kind: 'heading', level, text: line.text });
    } else if (bullet) {
      const item = line.text.slice(bullet[0].length);
      if (last?.kind === 'list') last.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else if (last?.kind === 'list' && previous && follows(previous, line) && Math.abs(line.x - previous.textX) <= 2) {
      const items = last.items;
      items[items.length - 1] = joinLines(items[items.length - 1] ?? '', line.text);
      line.textX = previous.textX;
    } else if (last?.kind === 'paragraph' && previous && headingLevel(previous) === undefined && continues(previous, line)) {
      last.text = joinLines(last.text, line.text);
    } else {
      blocks.push({ kind: 'paragraph', text: line.text });
    }
    previous = line;
  }
  return blocks;
}

/** The runs of one page as lines, in the order the page gives them. */
function linesOf(runs: readonly TextRun[], page: number): Line[] {
  const lines: Array<Line & { end: number }> = [];
  let current: (Line & { end: number }) | undefined;
  let broken = true;
  for (const run of runs) {
    if (run.str.trim() === '') {
      if (run.hasEOL) broken = true;
      continue;
    }
    const sameLine = current && !broken && Math.abs(run.y - current.y) <= Math.max(run.size, current.size) * 0.5;
    if (current && sameLine) {
      const gap = run.x - current.end;
      const spaced = /\s$/.test(current.text) || /^\s/.test(run.str) || gap <= Math.min(run.size, current.size) * 0.15;
      if (current.textX === current.x && BULLET.test(`${current.text} `) && current.text.trim().length === 1) current.textX = run.x;
      current.text = spaced ? current.text + run.str : `${current.text} ${run.str}`;
      current.end = run.x + run.width;
      current.size = Math.max(current.size, run.size);
    } else {
      if (current) lines.push(current);
      current = { page, text: run.str, x: run.x, textX: run.x, y: run.y, size: run.size, end: run.x + run.width };
    }
    broken = run.hasEOL;
  }
  if (current) lines.push(current);
  return lines.map(({ end: _end, ...line }) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() }));
}

/** Leaves out lines that come back on most pages (digits aside): running headers, footers and page numbers. */
function dropRepeatedLines(lines: Line[], pageCount: number): Line[] {
  if (pageCount < 2) return lines;
  const key = (line: Line) => line.text.replace(/\d+/g, '#');
  const pagesOf = new Map<string, Set<number>>();
  for (const line of lines) pagesOf.set(key(line), (pagesOf.get(key(line)) ?? new Set()).add(line.page));
  const threshold = Math.max(2, Math.ceil(pageCount / 2));
  return lines.filter((line) => (pagesOf.get(key(line))?.size ?? 0) < threshold);
}

/** The size most of the text is set in, counted by characters. */
function bodySize(lines: Line[]): number {
  const counts = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size * 2) / 2;
    counts.set(size, (counts.get(size) ?? 0) + line.text.length);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

function distinctSizes(sizes: number[]): number[] {
  const distinct: number[] = [];
  for (const size of sizes) if (!distinct.some((d) => sameSize(d, size))) distinct.push(size);
  return distinct;
}

const sameSize = (a: number, b: number) => Math.abs(a - b) <= SIZE_TOLERANCE;

/** The next line of the same block on the same page: the same size, close below. */
function follows(previous: Line, line: Line): boolean {
  return previous.page === line.page && sameSize(previous.size, line.size) && previous.y - line.y > 0 && previous.y - line.y <= line.size * PARAGRAPH_LEADING;
}

/** A paragraph goes on below, or on the next page when its last line did not end a sentence. */
function continues(previous: Line, line: Line): boolean {
  if (follows(previous, line)) return true;
  return line.page === previous.page + 1 && sameSize(previous.size, line.size) && !/[.!?:;]["')\]”’]?$/.test(previous.text);
}

/** Joins a wrapped line to the text before it; a word broken with a hyphen stays as one word, hyphen kept. */
function joinLines(before: string, after: string): string {
  return /\p{L}-$/u.test(before) ? before + after : `${before} ${after}`;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLocaleLowerCase('en');

function outlineLevelsByTitle(outline: readonly OutlineEntry[], depth = 1, levels = new Map<string, number>()): Map<string, number> {
  for (const entry of outline) {
    if (!levels.has(normalise(entry.title))) levels.set(normalise(entry.title), depth);
    outlineLevelsByTitle(entry.items, depth + 1, levels);
  }
  return levels;
}
