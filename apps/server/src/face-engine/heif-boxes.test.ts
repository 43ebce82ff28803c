import fs from 'node:fs';
import fc from 'fast-check';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { faceFixture } from '../../../../test-kit/test-data.ts';
import { box, fullBox, gridDescriptor, heifFile, hevcItem, ispe, neutralGrid, u16, u32, type HeifItem } from '../testing/heif-files.ts';
import { HeifBoxError, heifPrimary } from './heif-boxes.ts';

const NEUTRAL = 608 * 276;
const neutralHeic = () => fs.readFileSync(faceFixture('formats', 'neutral.heic'));
const grid = (id: number, rows: number, columns: number, width: number, height: number, declared = { width, height }): HeifItem => ({
  id,
  type: 'grid',
  properties: [ispe(declared.width, declared.height)],
  data: gridDescriptor(rows, columns, width, height),
  inIdat: true,
});
/** The same bytes with the first box type `from` renamed `to` (four letters each), so a reader no longer finds it. */
const renamed = (file: Buffer, from: string, to: string) => {
  const copy = Buffer.from(file);
  copy.write(to, copy.indexOf(from, 0, 'latin1'), 'latin1');
  return copy;
};

describe('heifPrimary', () => {
  it('reads the one HEVC image of the HEIC fixture', () => {
    expect(heifPrimary(neutralHeic())).toEqual({ id: 1, type: 'hvc1', pixels: NEUTRAL });
  });

  it('reads an AVIF as sharp writes it, its alpha plane counted as a picture of its own', async () => {
    const avif = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 9, g: 9, b: 9, alpha: 0.5 } } }).avif().toBuffer();
    expect(avif.includes('auxl', 0, 'latin1')).toBe(true);
    expect(heifPrimary(avif)).toEqual({ id: 1, type: 'av01', pixels: 300 * 200 });
  });

  it('counts a grid by its descriptor and its tiles, not by the ispe it declares', () => {
    expect(heifPrimary(neutralGrid(13, 13, { width: 608, height: 276 }))).toMatchObject({ type: 'grid', pixels: 7904 * 3588 });
    // A descriptor that says 10x10 still has its four tiles decoded.
    const tiles = [2, 3, 4, 5].map((id) => hevcItem(id, { hidden: true }));
    const small = heifFile({ primary: 1, items: [grid(1, 2, 2, 10, 10), ...tiles], references: [{ type: 'dimg', from: 1, to: [2, 3, 4, 5] }] });
    expect(heifPrimary(small).pixels).toBe(4 * NEUTRAL);
  });

  it('reads the primary item (pitm), wherever it is in the file', () => {
    const file = heifFile({
      primary: 2,
      items: [hevcItem(1), grid(2, 1, 2, 1216, 276), hevcItem(3, { hidden: true }), hevcItem(4, { hidden: true })],
      references: [{ type: 'dimg', from: 2, to: [3, 4] }],
    });
    expect(heifPrimary(file)).toEqual({ id: 2, type: 'grid', pixels: 1216 * 276 });
  });

  it('counts an overlay by its canvas, and an identity by what it shows', () => {
    // iovl: version 0, flags 1 (32-bit fields), a fill colour, the canvas, then one offset per input.
    const canvas = Buffer.concat([Buffer.from([0, 1]), Buffer.alloc(8), u32(8000), u32(4000), u32(0), u32(0)]);
    const overlay = heifFile({
      primary: 1,
      items: [{ id: 1, type: 'iovl', properties: [ispe(608, 276)], data: canvas, inIdat: true }, hevcItem(2, { hidden: true })],
      references: [{ type: 'dimg', from: 1, to: [2] }],
    });
    expect(heifPrimary(overlay).pixels).toBe(8000 * 4000);
    const identity = heifFile({
      primary: 1,
      items: [{ id: 1, type: 'iden', properties: [], data: Buffer.alloc(0), inIdat: true }, grid(2, 3, 3, 1824, 828, { width: 1, height: 1 }), ...[3, 4, 5, 6, 7, 8, 9, 10, 11].map((id) => hevcItem(id))],
      references: [{ type: 'dimg', from: 1, to: [2] }, { type: 'dimg', from: 2, to: [3, 4, 5, 6, 7, 8, 9, 10, 11] }],
    });
    expect(heifPrimary(identity).pixels).toBe(9 * NEUTRAL);
  });

  it('counts an alpha plane, decoded with the picture, but not a depth map', () => {
    const auxC = (urn: string) => fullBox('auxC', 0, 0, Buffer.from(`${urn}\0`, 'latin1'));
    const withPlane = (urn: string) =>
      heifFile({
        primary: 1,
        items: [hevcItem(1), { ...grid(2, 2, 2, 1216, 552, { width: 608, height: 276 }), properties: [ispe(608, 276), auxC(urn)] }, ...[3, 4, 5, 6].map((id) => hevcItem(id, { hidden: true }))],
        references: [{ type: 'auxl', from: 2, to: [1] }, { type: 'dimg', from: 2, to: [3, 4, 5, 6] }],
      });
    expect(heifPrimary(withPlane('urn:mpeg:hevc:2015:auxid:1')).pixels).toBe(4 * NEUTRAL);
    expect(heifPrimary(withPlane('urn:mpeg:hevc:2015:auxid:2')).pixels).toBe(NEUTRAL);
  });

  it('reads a last box that runs to the end of the file, and a box with a 64-bit size', () => {
    const file = neutralHeic();
    const mdatAt = file.indexOf('mdat', 0, 'latin1') - 4;
    const toTheEnd = Buffer.from(file);
    toTheEnd.writeUInt32BE(0, mdatAt);
    expect(heifPrimary(toTheEnd).pixels).toBe(NEUTRAL);
    const large = Buffer.alloc(8);
    large.writeBigUInt64BE(BigInt(file.length - mdatAt + 8));
    const wide = Buffer.concat([file.subarray(0, mdatAt), u32(1), Buffer.from('mdat'), large, file.subarray(mdatAt + 8)]);
    expect(heifPrimary(wide).pixels).toBe(NEUTRAL);
  });

  const tiles = (ids: number[]) => ids.map((id) => hevcItem(id, { hidden: true }));
  it.each([
    ['a file that does not start with ftyp', () => neutralHeic().subarray(28)],
    ['no meta box', () => renamed(neutralHeic(), 'meta', 'xeta')],
    ['no pitm box', () => renamed(neutralHeic(), 'pitm', 'xitm')],
    ['a primary that is not in iinf', () => heifFile({ primary: 7, items: [hevcItem(1)] })],
    ['a coded primary without its size (ispe)', () => heifFile({ primary: 1, items: [{ ...hevcItem(1), properties: [] }] })],
    ['a grid of 2x2 naming one tile', () => heifFile({ primary: 1, items: [grid(1, 2, 2, 1216, 552), ...tiles([2])], references: [{ type: 'dimg', from: 1, to: [2] }] })],
    ['a grid naming no tile', () => heifFile({ primary: 1, items: [grid(1, 1, 1, 608, 276), ...tiles([2])] })],
    ['a grid that is its own tile', () => heifFile({ primary: 1, items: [grid(1, 1, 1, 608, 276)], references: [{ type: 'dimg', from: 1, to: [1] }] })],
    ['a grid descriptor cut short', () => heifFile({ primary: 1, items: [{ ...grid(1, 1, 1, 608, 276), data: Buffer.from([0, 1, 0, 0, 0]) }, ...tiles([2])], references: [{ type: 'dimg', from: 1, to: [2] }] })],
    ['a grid descriptor of an unknown version', () => heifFile({ primary: 1, items: [{ ...grid(1, 1, 1, 608, 276), data: Buffer.from([1, 0, 0, 0, 2, 96, 1, 20]) }, ...tiles([2])], references: [{ type: 'dimg', from: 1, to: [2] }] })],
    ['a box longer than the file', () => Buffer.concat([neutralHeic(), box('free', Buffer.alloc(4))]).subarray(0, neutralHeic().length + 10)],
    ['a pitm box with no item in it', () => Buffer.concat([box('ftyp', Buffer.from('heic'), u32(0)), fullBox('meta', 0, 0, fullBox('pitm', 0, 0))])],
    ['an item whose content lies past the idat', () => {
      const file = neutralGrid(1, 2);
      const idatAt = file.indexOf('idat', 0, 'latin1') - 4;
      return Buffer.concat([file.subarray(0, idatAt), box('idat', u16(0)), file.subarray(idatAt + file.readUInt32BE(idatAt))]);
    }],
  ])('refuses %s as boxes that do not hold together', (_label, make) => {
    expect(() => heifPrimary(make())).toThrow(HeifBoxError);
  });

  it('fails on damaged bytes only with HeifBoxError', () => {
    const samples = [neutralHeic(), neutralGrid(2, 2, { width: 608, height: 276 })];
    const damaged = fc.record({
      sample: fc.constantFrom(...samples),
      cut: fc.option(fc.nat(), { nil: undefined }),
      changes: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
    });
    fc.assert(
      fc.property(damaged, ({ sample, cut, changes }) => {
        // Changes land in the boxes before the coded data, where a reader looks.
        const meta = sample.indexOf('mdat', 0, 'latin1');
        const file = Buffer.from(sample.subarray(0, cut === undefined ? sample.length : cut % sample.length));
        for (const [at, value] of changes) if (file.length > 0) file[at % Math.min(meta, file.length)] = value;
        try {
          const { pixels } = heifPrimary(file);
          expect(Number.isFinite(pixels)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(HeifBoxError);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
