import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';

/** A file of the archive read only when its turn comes, so that one file at a time is open and in memory. */
export interface LazyFile {
  path: string;
  /** Its length now; the file must still have it when read. */
  size: number;
  open(): Promise<Readable | undefined>;
}

/**
 * A zip of `files` then `lazyFiles`, stored without compression (the pictures are JPEG or PNG already), so that its
 * exact length is known before the first byte: the answer carries a Content-Length and the browser shows real
 * progress. The lazy files are read one at a time as the archive is written. When one cannot be read (deleted
 * meanwhile), the stream ends with an error rather than with a broken archive that looks complete.
 */
export async function zipArchive(files: Array<{ path: string; data: Buffer }>, lazyFiles: LazyFile[], mtime: Date): Promise<{ size: number; stream: Readable }> {
  const zip = new yazl.ZipFile();
  const stream = new PassThrough();
  zip.on('error', (error: Error) => stream.destroy(error));
  zip.outputStream.on('error', (error: Error) => stream.destroy(error));
  zip.outputStream.pipe(stream);
  // The client went away: the file being read is closed and nothing more is read.
  let reading: Readable | undefined;
  stream.on('close', () => {
    if (stream.writableFinished) return;
    zip.outputStream.unpipe(stream);
    reading?.destroy();
  });

  const stored = { compress: false, mtime, mode: 0o100644 };
  for (const file of files) zip.addBuffer(file.data, file.path, stored);
  for (const file of lazyFiles) {
    zip.addReadStreamLazy(file.path, { ...stored, size: file.size }, (callback) => {
      if (stream.destroyed) return callback(new Error('The download was cancelled'), new PassThrough());
      file.open().then(
        (readable) => {
          if (!readable) return callback(new Error(`${file.path} is no longer stored`), new PassThrough());
          reading = readable;
          callback(null, readable);
        },
        (error: unknown) => callback(error, new PassThrough()),
      );
    });
  }
  // The ZIP64 end records always: yazl 3.3's size forecast counts them once the central directory passes 64 KB (about
  // 600 files) but writes them only past 4 GB, so without them a large archive is 76 bytes shorter than announced.
  // Every current unzip program (Windows, macOS, Info-ZIP, 7-Zip) reads them.
  const size = await new Promise<number>((resolve) => {
    (zip.end as (options: { forceZip64Format: boolean; comment: string }, callback: (size: number) => void) => void)({ forceZip64Format: true, comment: '' }, resolve);
  });
  if (size < 0) throw new Error('The archive length could not be worked out');
  return { size, stream };
}
