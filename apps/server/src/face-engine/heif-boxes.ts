// How many pixels decoding a HEIF file's primary image makes, read from its boxes (ISO/IEC 23008-12, ISO/IEC 14496-12)
// before anything is decoded. A decoder's own metadata reports the primary item's ispe, which is only what the file
// declares: a grid's picture is as large as its ImageGrid descriptor says and its tiles are decoded one by one, so a
// 28 KB file whose ispe says 608x276 can make 28 megapixels (D-074).

/** The boxes do not hold together: the file is damaged, or made to mislead. */
export class HeifBoxError extends Error {
  override name = 'HeifBoxError';
}

export interface HeifPrimary {
  /** The primary item (pitm) and its type: 'hvc1' (HEIC), 'av01' (AVIF), 'grid', … */
  id: number;
  type: string;
  /**
   * The most pixels one picture the decoder makes for it holds: its own, all the images it is made from taken
   * together (a grid's tiles), or its alpha plane's, which is decoded with it.
   */
  pixels: number;
}

/** Derived images made of others (ISO/IEC 23008-12 6.6.2): the items their 'dimg' references name are decoded first. */
const DERIVED = new Set(['grid', 'iovl', 'iden']);
/** libheif refuses deeper chains of derived images; a loop of references would be endless. */
const MAX_DEPTH = 4;
/** The auxiliary types (auxC) of an alpha plane, in HEIC and in AVIF. Depth maps and gain maps are not decoded. */
const ALPHA = new Set(['urn:mpeg:hevc:2015:auxid:1', 'urn:mpeg:mpegB:cicp:systems:auxiliary:alpha']);

interface Box {
  type: string;
  start: number; // the first byte of its content
  end: number;
}

interface Item {
  type: string;
  properties: number[]; // 1-based indexes into ipco
}

/** The boxes from `start` to `end`, each checked to lie inside them. */
function boxesIn(file: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let at = start; at < end; ) {
    const header = new Reader(file, at, end);
    let size = header.uint(4);
    const type = header.fourcc();
    if (size === 1) size = header.uint(8);
    else if (size === 0) size = end - at;
    if (size < header.at - at || at + size > end) throw new HeifBoxError(`a ${type} box runs past its parent`);
    boxes.push({ type, start: header.at, end: at + size });
    at += size;
  }
  return boxes;
}

/** Reads numbers from one box, never past its end. */
class Reader {
  constructor(
    private readonly file: Buffer,
    public at: number,
    private readonly end: number,
  ) {}
  private take(bytes: number): number {
    if (this.at + bytes > this.end) throw new HeifBoxError('a box ends before its fields');
    this.at += bytes;
    return this.at - bytes;
  }
  /** An unsigned number of 0, 1, 2, 4 or 8 bytes. */
  uint(bytes: number): number {
    if (bytes === 8) return Number(this.file.readBigUInt64BE(this.take(8)));
    if (![0, 1, 2, 4].includes(bytes)) throw new HeifBoxError(`a field of ${bytes} bytes`);
    return bytes === 0 ? 0 : this.file.readUIntBE(this.take(bytes), bytes);
  }
  fourcc(): string {
    return this.file.toString('latin1', this.take(4), this.at);
  }
  /** A full box's version and flags. */
  version(): { version: number; flags: number } {
    const word = this.uint(4);
    return { version: word >>> 24, flags: word & 0xffffff };
  }
}

const only = (boxes: Box[], type: string): Box | undefined => boxes.find((box) => box.type === type);
const required = (boxes: Box[], type: string): Box => only(boxes, type) ?? throwBoxError(`no ${type} box`);
function throwBoxError(message: string): never {
  throw new HeifBoxError(message);
}

/** The primary image of a HEIF file and the pixels decoding it makes; HeifBoxError when its boxes do not hold together. */
export function heifPrimary(file: Buffer): HeifPrimary {
  const top = boxesIn(file, 0, file.length);
  if (top[0]?.type !== 'ftyp') throw new HeifBoxError('the file does not start with ftyp');
  const metaBox = required(top, 'meta');
  const meta = boxesIn(file, metaBox.start + 4, metaBox.end);

  const pitm = new Reader(file, required(meta, 'pitm').start, required(meta, 'pitm').end);
  const primary = pitm.uint(pitm.version().version === 0 ? 2 : 4);
  const items = itemInfo(file, required(meta, 'iinf'));
  const properties = itemProperties(file, required(meta, 'iprp'), items);
  const derivedFrom = references(file, only(meta, 'iref'), 'dimg');
  const auxiliaryOf = references(file, only(meta, 'iref'), 'auxl');
  const contentOf = (id: number) => itemContent(file, meta, id);

  const propertyOf = (id: number, type: string) => (items.get(id)?.properties ?? []).map((index) => properties[index - 1]).find((box) => box?.type === type);
  const sizeOf = (id: number): { width: number; height: number } | undefined => {
    const ispe = propertyOf(id, 'ispe');
    if (!ispe) return undefined;
    const reader = new Reader(file, ispe.start, ispe.end);
    reader.version();
    return { width: reader.uint(4), height: reader.uint(4) };
  };

  // Each item counted once however many derived images name it; a loop of references, or too deep a chain, is refused.
  const counted = new Map<number, number>();
  const pixelsOf = (id: number, depth: number): number => {
    const known = counted.get(id);
    if (known !== undefined) return known;
    const item = items.get(id) ?? throwBoxError(`item ${id} is not in iinf`);
    const declared = sizeOf(id);
    const own = declared ? declared.width * declared.height : 0;
    let pixels = own;
    if (!DERIVED.has(item.type)) {
      if (!declared) throw new HeifBoxError(`image item ${id} has no ispe`);
    } else {
      if (depth >= MAX_DEPTH) throw new HeifBoxError('derived images nest too deep, or in a loop');
      const inputs = derivedFrom.get(id) ?? [];
      if (inputs.length === 0) throw new HeifBoxError(`derived image ${id} names no image`);
      const output = item.type === 'iden' ? own : derivedOutput(item.type, contentOf(id), inputs.length);
      pixels = Math.max(own, output, inputs.reduce((sum, input) => sum + pixelsOf(input, depth + 1), 0));
    }
    counted.set(id, pixels);
    return pixels;
  };

  const isAlpha = (id: number) => {
    const auxC = propertyOf(id, 'auxC');
    if (!auxC) return false;
    const urn = file.toString('latin1', Math.min(auxC.start + 4, auxC.end), auxC.end).split('\0')[0]!;
    return ALPHA.has(urn);
  };

  const type = items.get(primary)?.type ?? throwBoxError(`the primary item ${primary} is not in iinf`);
  const alpha = [...auxiliaryOf].filter(([from, to]) => to.includes(primary) && isAlpha(from)).map(([from]) => pixelsOf(from, 0));
  return { id: primary, type, pixels: Math.max(pixelsOf(primary, 0), ...alpha) };
}

/** The picture a grid or an overlay makes, from its descriptor (23008-12 6.6.2.3, 6.6.2.2). */
function derivedOutput(type: string, content: Reader, inputs: number): number {
  const version = content.uint(1);
  if (version !== 0) throw new HeifBoxError(`${type} descriptor version ${version}`);
  const fieldBytes = content.uint(1) & 1 ? 4 : 2;
  if (type === 'grid') {
    const rows = content.uint(1) + 1;
    const columns = content.uint(1) + 1;
    if (rows * columns > inputs) throw new HeifBoxError(`a grid of ${rows}x${columns} names ${inputs} tiles`);
  } else {
    content.uint(8); // the canvas fill colour: four 16-bit values
  }
  return content.uint(fieldBytes) * content.uint(fieldBytes);
}

/** Each item's type (iinf, infe versions 2 and 3). */
function itemInfo(file: Buffer, iinf: Box): Map<number, Item> {
  const header = new Reader(file, iinf.start, iinf.end);
  header.uint(header.version().version === 0 ? 2 : 4); // the entry count: the boxes themselves are counted instead
  const items = new Map<number, Item>();
  for (const infe of boxesIn(file, header.at, iinf.end).filter((box) => box.type === 'infe')) {
    const reader = new Reader(file, infe.start, infe.end);
    const { version } = reader.version();
    if (version < 2) continue; // no item type: not an image
    const id = reader.uint(version === 2 ? 2 : 4);
    reader.uint(2); // protection index
    items.set(id, { type: reader.fourcc(), properties: [] });
  }
  return items;
}

/** The property boxes (ipco) in order, each item given its indexes (ipma). */
function itemProperties(file: Buffer, iprp: Box, items: Map<number, Item>): Box[] {
  const children = boxesIn(file, iprp.start, iprp.end);
  const ipco = required(children, 'ipco');
  for (const ipma of children.filter((box) => box.type === 'ipma')) {
    const reader = new Reader(file, ipma.start, ipma.end);
    const { version, flags } = reader.version();
    for (let entries = reader.uint(4); entries > 0; entries--) {
      const item = items.get(reader.uint(version < 1 ? 2 : 4));
      for (let count = reader.uint(1); count > 0; count--) {
        const index = flags & 1 ? reader.uint(2) & 0x7fff : reader.uint(1) & 0x7f;
        if (index > 0) item?.properties.push(index);
      }
    }
  }
  return boxesIn(file, ipco.start, ipco.end);
}

/** The items each item refers to by references of `type` (iref), in order. */
function references(file: Buffer, iref: Box | undefined, type: string): Map<number, number[]> {
  const found = new Map<number, number[]>();
  if (!iref) return found;
  const header = new Reader(file, iref.start, iref.end);
  const idBytes = header.version().version === 0 ? 2 : 4;
  for (const reference of boxesIn(file, header.at, iref.end).filter((box) => box.type === type)) {
    const reader = new Reader(file, reference.start, reference.end);
    const from = reader.uint(idBytes);
    const to = found.get(from) ?? [];
    for (let count = reader.uint(2); count > 0; count--) to.push(reader.uint(idBytes));
    found.set(from, to);
  }
  return found;
}

/** The first bytes of an item's content, where iloc puts it: in the idat (construction method 1) or in the file (0). */
function itemContent(file: Buffer, meta: Box[], id: number): Reader {
  const iloc = required(meta, 'iloc');
  const reader = new Reader(file, iloc.start, iloc.end);
  const { version } = reader.version();
  if (version > 2) throw new HeifBoxError(`iloc version ${version}`);
  const sizes = reader.uint(2);
  const [offsetBytes, lengthBytes, baseBytes, indexBytes] = [sizes >> 12, (sizes >> 8) & 0xf, (sizes >> 4) & 0xf, version > 0 ? sizes & 0xf : 0];
  for (let count = reader.uint(version < 2 ? 2 : 4); count > 0; count--) {
    const item = reader.uint(version < 2 ? 2 : 4);
    const method = version > 0 ? reader.uint(2) & 0xf : 0;
    reader.uint(2); // data reference index: 0 is this file
    const base = reader.uint(baseBytes);
    const extents: Array<{ offset: number; length: number }> = [];
    const extentCount = reader.uint(2);
    // An extent of no bytes at all could be repeated 65535 times per item for nothing.
    if (extentCount > 1 && offsetBytes + lengthBytes + indexBytes === 0) throw new HeifBoxError('extents without fields');
    for (let extent = 0; extent < extentCount; extent++) {
      reader.uint(indexBytes);
      extents.push({ offset: base + reader.uint(offsetBytes), length: reader.uint(lengthBytes) });
    }
    if (item !== id) continue;
    // A descriptor is at most 20 bytes in one extent; a content split over several is read from its first.
    const [first] = extents;
    if (!first) throw new HeifBoxError(`item ${id} has no extent`);
    const origin = method === 1 ? required(meta, 'idat').start : method === 0 ? 0 : throwBoxError(`construction method ${method}`);
    const limit = method === 1 ? required(meta, 'idat').end : file.length;
    const start = origin + first.offset;
    const end = first.length === 0 ? limit : start + first.length;
    if (end > limit) throw new HeifBoxError(`item ${id} lies past its container`);
    return new Reader(file, start, end);
  }
  throw new HeifBoxError(`item ${id} is not in iloc`);
}
