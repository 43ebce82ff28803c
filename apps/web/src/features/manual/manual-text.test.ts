import { describe, expect, it } from 'vitest';
import { manualTextBlocks, type TextRun } from './manual-text.ts';

/** A page written top down, as a PDF generator draws it: each line at a size, a left edge and a gap above it. */
function page(lines: Array<{ text: string; size?: number; x?: number; gap?: number; bullet?: boolean }>): TextRun[] {
  let y = 780;
  const runs: TextRun[] = [];
  for (const { text, size = 12, x = 64, gap = 0, bullet = false } of lines) {
    y -= size * 1.4 + gap;
    if (bullet) runs.push({ str: '-', x: 64, y, width: 4, size, hasEOL: false });
    runs.push({ str: text, x, y, width: text.length * size * 0.5, size, hasEOL: true });
  }
  return runs;
}
const footer = (n: number, of: number): TextRun => ({ str: `User Manual - page ${n} of ${of}`, x: 250, y: 30, width: 120, size: 9, hasEOL: true });

describe('manualTextBlocks', () => {
  it('reads headings from bigger text, joins wrapped lines into paragraphs, and bullets into a list', () => {
    const blocks = manualTextBlocks([
      [
        ...page([
          { text: 'User Manual', size: 24 },
          { text: 'Smart glasses for people who are blind', gap: 14 },
          { text: 'or have low vision.' },
          { text: '1. Getting started', size: 16, gap: 14 },
          { text: 'You need:', gap: 6 },
          { text: 'a license ID,', x: 80, gap: 8, bullet: true },
          { text: 'an e-mail address that you', x: 80, gap: 4, bullet: true },
          { text: 'read often.', x: 80 },
          { text: 'Then choose Register.', gap: 4 },
        ]),
        footer(1, 2),
      ],
      [...page([{ text: '2. Signing in', size: 16 }, { text: 'Sign in with your license ID.', gap: 6 }]), footer(2, 2)],
    ]);
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'User Manual' },
      { kind: 'paragraph', text: 'Smart glasses for people who are blind or have low vision.' },
      { kind: 'heading', level: 2, text: '1. Getting started' },
      { kind: 'paragraph', text: 'You need:' },
      { kind: 'list', items: ['a license ID,', 'an e-mail address that you read often.'] },
      { kind: 'paragraph', text: 'Then choose Register.' },
      { kind: 'heading', level: 2, text: '2. Signing in' },
      { kind: 'paragraph', text: 'Sign in with your license ID.' },
    ]);
  });

  it('keeps paragraphs apart by the space between them, and carries one over a page break', () => {
    const blocks = manualTextBlocks([
      page([{ text: 'First paragraph.' }, { text: 'Second paragraph goes on', gap: 8 }]),
      page([{ text: 'on the next page.' }]),
    ]);
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'First paragraph.' },
      { kind: 'paragraph', text: 'Second paragraph goes on on the next page.' },
    ]);
  });

  it('keeps a word broken with a hyphen whole', () => {
    expect(manualTextBlocks([page([{ text: 'Use a well-' }, { text: 'lit room.' }])])).toEqual([{ kind: 'paragraph', text: 'Use a well-lit room.' }]);
  });

  it('takes headings from the outline when no text is bigger than the body', () => {
    const blocks = manualTextBlocks(
      [page([{ text: 'Setting up' }, { text: 'Charge the glasses first.', gap: 8 }, { text: 'Pairing' }, { text: 'Open the portal.', gap: 8 }])],
      [{ title: 'Setting up', items: [{ title: 'Pairing', items: [] }] }],
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Setting up' },
      { kind: 'paragraph', text: 'Charge the glasses first.' },
      { kind: 'heading', level: 2, text: 'Pairing' },
      { kind: 'paragraph', text: 'Open the portal.' },
    ]);
  });

  it('gives nothing for a PDF without text (a scan)', () => {
    expect(manualTextBlocks([[], []])).toEqual([]);
  });
});
