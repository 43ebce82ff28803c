// HEIF files written box by box for the face engine's tests (ISO/IEC 23008-12): a grid, several images, a primary
// that is not the first, and boxes that lie. The only coded picture is the HEVC of test-data/faces/formats/neutral.heic
// (608x276), so nothing here needs an encoder.
import fs from 'node:fs';
import { faceFixture } from '../../../../test-kit/test-data.ts';

export const box = (type: string, ...body: Buffer[]): Buffer => {
  const content = Buffer.concat(body);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
};
export const fullBox = (type: string, version: number, flags: number, ...body: Buffer[]): Buffer =>
  box(type, Buffer.from([version, flags >> 16, (flags >> 8) & 0xff, flags & 0xff]), ...body);
export const u8 = (value: number) => Buffer.from([value]);
export const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
export const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** The image spatial extents property: the size an item declares. */
export const ispe = (width: number, height: number) => fullBox('ispe', 0, 0, u32(width), u32(height));
/** A grid item's content (ImageGrid): its tiles in rows and columns, and the size of the picture they make. */
export const gridDescriptor = (rows: number, columns: number, width: number, height: number) =>
  Buffer.concat([u8(0), u8(1), u8(rows - 1), u8(columns - 1), u32(width), u32(height)]);

/** The neutral face's HEVC picture: its decoder configuration box (hvcC) and its coded data, 608x276. */
export function neutralHevc(): { hvcC: Buffer; data: Buffer; width: number; height: number } {
  const file = fs.readFileSync(faceFixture('formats', 'neutral.heic'));
  const hvcCAt = file.indexOf('hvcC', 0, 'latin1') - 4;
  const mdatAt = file.indexOf('mdat', 0, 'latin1') - 4;
  if (hvcCAt < 0 || mdatAt < 0) throw new Error('neutral.heic no longer holds one HEVC picture in its mdat');
  // The fixture is one hvc1 item whose data is all of the mdat box.
  return { hvcC: file.subarray(hvcCAt, hvcCAt + file.readUInt32BE(hvcCAt)), data: file.subarray(mdatAt + 8, mdatAt + file.readUInt32BE(mdatAt)), width: 608, height: 276 };
}

export interface HeifItem {
  id: number;
  type: string; // 'hvc1', 'grid', …
  properties: Buffer[]; // boxes for ipco: a box that several items are given is stored once and shared
  data: Buffer; // stored in the mdat (items given the same Buffer share its bytes), or in the idat when `inIdat`
  inIdat?: boolean;
  hidden?: boolean;
}

/** A HEIF file: ftyp, meta (hdlr, pitm, iinf, iref, iprp, idat, iloc) and an mdat holding the coded data. */
export function heifFile(options: { primary: number; items: HeifItem[]; references?: Array<{ type: string; from: number; to: number[] }>; brand?: string }): Buffer {
  const { primary, items, references = [] } = options;
  const brand = options.brand ?? 'heic';
  const ftyp = box('ftyp', Buffer.from(brand, 'latin1'), u32(0), Buffer.from(`mif1${brand}`, 'latin1'));
  const hdlr = fullBox('hdlr', 0, 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), u8(0));
  const pitm = fullBox('pitm', 0, 0, u16(primary));
  const iinf = fullBox('iinf', 0, 0, u16(items.length), ...items.map((item) => fullBox('infe', 2, item.hidden ? 1 : 0, u16(item.id), u16(0), Buffer.from(item.type, 'latin1'), u8(0))));
  const iref = fullBox('iref', 0, 0, ...references.map(({ type, from, to }) => box(type, u16(from), u16(to.length), ...to.map(u16))));
  const properties = [...new Set(items.flatMap((item) => item.properties))];
  const associations = items.map((item) => Buffer.concat([u16(item.id), u8(item.properties.length), ...item.properties.map((p) => u8((properties.indexOf(p) + 1) | 0x80))]));
  const iprp = box('iprp', box('ipco', ...properties), fullBox('ipma', 0, 0, u32(items.length), ...associations));
  const idatItems = items.filter((item) => item.inIdat);
  const mdatData = [...new Set(items.filter((item) => !item.inIdat).map((item) => item.data))];

  // iloc version 1 (construction methods), offsets and lengths of 4 bytes, no base offset; file offsets are filled in
  // once the size of everything before the mdat is known.
  const iloc = (mdatStart: number) => {
    const inMdat = new Map<Buffer, number>();
    let mdatOffset = mdatStart;
    for (const data of mdatData) {
      inMdat.set(data, mdatOffset);
      mdatOffset += data.length;
    }
    let idatOffset = 0;
    const entries = items.map((item) => {
      const offset = item.inIdat ? idatOffset : inMdat.get(item.data)!;
      if (item.inIdat) idatOffset += item.data.length;
      return Buffer.concat([u16(item.id), u16(item.inIdat ? 1 : 0), u16(0), u16(1), u32(offset), u32(item.data.length)]);
    });
    return fullBox('iloc', 1, 0, u8(0x44), u8(0x00), u16(items.length), ...entries);
  };
  const idat = idatItems.length ? [box('idat', ...idatItems.map((item) => item.data))] : [];
  const meta = (mdatStart: number) => fullBox('meta', 0, 0, hdlr, pitm, iinf, ...(references.length ? [iref] : []), iprp, ...idat, iloc(mdatStart));
  const mdatStart = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(mdatStart), box('mdat', ...mdatData)]);
}

const neutral = neutralHevc();
const neutralSize = ispe(neutral.width, neutral.height);

/** The neutral face as a coded item; every such item shares the one copy of its data and its properties. */
export function hevcItem(id: number, options: { hidden?: boolean } = {}): HeifItem {
  return { id, type: 'hvc1', properties: [neutral.hvcC, neutralSize], data: neutral.data, hidden: options.hidden };
}

/**
 * A grid of `rows` x `columns` tiles, each the neutral face (one coded picture that every tile's item points to): a
 * file of about 20 KB whose picture has rows x columns times 608x276 pixels. `declared` is the size its ispe claims.
 */
export function neutralGrid(rows: number, columns: number, declared?: { width: number; height: number }): Buffer {
  const output = { width: neutral.width * columns, height: neutral.height * rows };
  const size = declared ?? output;
  const tiles = Array.from({ length: rows * columns }, (_, i) => hevcItem(i + 2, { hidden: true }));
  return heifFile({
    primary: 1,
    items: [{ id: 1, type: 'grid', properties: [ispe(size.width, size.height)], data: gridDescriptor(rows, columns, output.width, output.height), inIdat: true }, ...tiles],
    references: [{ type: 'dimg', from: 1, to: tiles.map((tile) => tile.id) }],
  });
}

/**
 * A file whose first image is not its primary one: item 1 is the neutral face alone (608x276), item 2, the primary, a
 * grid of two of them side by side (1216x276).
 */
export function gridAfterItsFirstImage(): Buffer {
  return heifFile({
    primary: 2,
    items: [
      hevcItem(1),
      { id: 2, type: 'grid', properties: [ispe(1216, 276)], data: gridDescriptor(1, 2, 1216, 276), inIdat: true },
      hevcItem(3, { hidden: true }),
      hevcItem(4, { hidden: true }),
    ],
    references: [{ type: 'dimg', from: 2, to: [3, 4] }],
  });
}
