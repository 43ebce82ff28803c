import { describe, expect, it } from 'vitest';
import { taggedTextBlocks, type StructNode } from './tagged-text.ts';

/** An element whose content is the marked runs `ids`. */
const el = (role: string, ...ids: string[]): StructNode => ({ role, children: ids.map((id) => ({ type: 'content', id })) });
const group = (role: string, ...children: StructNode[]): StructNode => ({ role, children });

describe('taggedTextBlocks', () => {
  it("follows the PDF's own tags: headings, paragraphs, lists, table rows and figures' alternative text", () => {
    const texts = new Map([
      ['t', 'User Manual'],
      ['h', 'Getting started '],
      ['p1', 'You need a '],
      ['p2', 'license ID.'],
      ['b1', '•'],
      ['i1', 'a phone'],
      ['i2', 'an e-mail address'],
      ['c1', 'Country'],
      ['c2', 'Digits'],
    ]);
    const tree = group(
      'Root',
      group(
        'Document',
        el('H1', 't'),
        group('Sect', el('H2', 'h'), el('P', 'p1', 'p2'), group('L', group('LI', el('Lbl', 'b1'), el('LBody', 'i1')), group('LI', el('LBody', 'i2')))),
        group('Table', group('TR', el('TH', 'c1'), el('TH', 'c2'))),
        { role: 'Figure', alt: 'The glasses, seen from the front', children: [] },
      ),
    );
    expect(taggedTextBlocks([{ tree, texts }])).toEqual([
      { kind: 'heading', level: 1, text: 'User Manual' },
      { kind: 'heading', level: 2, text: 'Getting started' },
      { kind: 'paragraph', text: 'You need a license ID.' },
      { kind: 'list', items: ['a phone', 'an e-mail address'] },
      { kind: 'paragraph', text: 'Country; Digits' },
      { kind: 'paragraph', text: 'Figure: The glasses, seen from the front' },
    ]);
  });

  it('gives nothing when the PDF is not tagged, so the text is read by its look instead', () => {
    expect(taggedTextBlocks([{ tree: null, texts: new Map() }])).toBeNull();
    expect(taggedTextBlocks([{ tree: group('Root', el('P', 'missing')), texts: new Map() }])).toBeNull();
  });
});
