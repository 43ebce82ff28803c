import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../private-files.ts';

/**
 * The few parts of POSIX tar (ustar) a backup needs: regular files only, names up to 255 bytes, files under 8 GiB.
 * Any tar tool reads what this writes (`tar -tvf backup.tar`).
 */
const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1;
const CHUNK = 1024 * 1024;

export interface TarEntry {
  name: string;
  size: number;
  sha256: string;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** Splits a long name at a slash into ustar's prefix (155 bytes) and name (100 bytes). */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let cut = name.indexOf('/'); cut !== -1; cut = name.indexOf('/', cut + 1)) {
    const prefix = name.slice(0, cut);
    const base = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`Name too long for the archive: ${name}`);
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (size > MAX_SIZE) throw new Error(`File too large for the archive: ${name}`);
  const block = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(name);
  block.write(base, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\u000000', 257, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** Writes a tar file entry by entry; `finish` ends it and flushes it to disk. */
export async function createTarWriter(file: string) {
  const handle = await fs.open(file, 'wx', PRIVATE_FILE_MODE);
  const mtime = new Date();
  const entries: TarEntry[] = [];
  let closed = false;
  async function write(data: Buffer): Promise<void> {
    for (let offset = 0; offset < data.length; ) offset += (await handle.write(data, offset)).bytesWritten;
  }
  return {
    entries,
    async addBuffer(name: string, data: Buffer): Promise<TarEntry> {
      await write(header(name, data.length, mtime));
      await write(data);
      await write(Buffer.alloc(padding(data.length)));
      const entry = { name, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
      entries.push(entry);
      return entry;
    },
    /** Copies a file on disk in chunks, so a large database never sits in memory whole. */
    async addFile(name: string, source: string): Promise<TarEntry> {
      const input = await fs.open(source, 'r');
      try {
        const { size } = await input.stat();
        await write(header(name, size, mtime));
        const hash = createHash('sha256');
        const buffer = Buffer.alloc(CHUNK);
        for (let copied = 0; copied < size; ) {
          const { bytesRead } = await input.read(buffer, 0, Math.min(CHUNK, size - copied), copied);
          if (bytesRead === 0) throw new Error(`${source} shrank while it was archived`);
          hash.update(buffer.subarray(0, bytesRead));
          await write(buffer.subarray(0, bytesRead));
          copied += bytesRead;
        }
        await write(Buffer.alloc(padding(size)));
        const entry = { name, size, sha256: hash.digest('hex') };
        entries.push(entry);
        return entry;
      } finally {
        await input.close();
      }
    },
    async finish(): Promise<void> {
      await write(Buffer.alloc(2 * BLOCK));
      await handle.sync();
      closed = true;
      await handle.close();
    },
    /** Closes an archive that will not be finished (after a failure); nothing once finished. */
    async discard(): Promise<void> {
      if (!closed) await handle.close();
      closed = true;
    },
  };
}

function readString(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, start: number, length: number): number {
  const text = readString(block, start, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new Error('Not a tar archive (a header field is not a number)');
  return parseInt(text, 8);
}

/**
 * Reads a tar file entry by entry, handing each regular file's name and contents (in chunks) to `onEntry`, which must
 * read them all. Anything but a regular file, or a damaged header, is refused.
 */
export async function readTar(file: string, onEntry: (entry: { name: string; size: number }, chunks: AsyncIterable<Buffer>) => Promise<void>): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    const block = Buffer.alloc(BLOCK);
    for (let position = 0; ; ) {
      const { bytesRead } = await handle.read(block, 0, BLOCK, position);
      if (bytesRead < BLOCK) throw new Error('The archive ends early: it is not complete');
      position += BLOCK;
      if (block.every((byte) => byte === 0)) return;
      const stored = readOctal(block, 148, 8);
      let sum = 0;
      for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : block[i]!;
      if (sum !== stored) throw new Error('Not a tar archive, or a damaged one (a header checksum is wrong)');
      const type = readString(block, 156, 1);
      if (type !== '0' && type !== '') throw new Error('The archive holds something other than plain files');
      const prefix = readString(block, 345, 155);
      const base = readString(block, 0, 100);
      const name = prefix ? `${prefix}/${base}` : base;
      const size = readOctal(block, 124, 12);
      const start = position;
      async function* chunks(): AsyncGenerator<Buffer> {
        const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(size, 1)));
        for (let read = 0; read < size; ) {
          const { bytesRead: got } = await handle.read(buffer, 0, Math.min(buffer.length, size - read), start + read);
          if (got === 0) throw new Error('The archive ends early: it is not complete');
          read += got;
          yield Buffer.from(buffer.subarray(0, got));
        }
      }
      await onEntry({ name, size }, chunks());
      position = start + size + padding(size);
    }
  } finally {
    await handle.close();
  }
}
