// Names of the pictures in the data download: the person's name, safe on Windows, macOS and Linux, one file a face.

// Characters no common file system or unzip program takes, and control characters.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
// Names Windows keeps for devices, whatever the extension.
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX_LENGTH = 100;

/** A person's name as a file name (without extension): unsafe characters become '_', never empty, never hidden. */
export function safeFileName(name: string): string {
  let safe = name.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/g, ' ').trim();
  safe = [...safe].slice(0, MAX_LENGTH).join('').replace(/^[.\s]+|[.\s]+$/g, '');
  if (!safe) return 'Face';
  return RESERVED.test(safe) ? `${safe}_` : safe;
}

/**
 * Gives each picture its own path under `folder`: `Barack Obama.jpg`, then `Barack Obama (2).jpg` when two names
 * come out the same (compared ignoring case, as Windows and macOS do).
 */
export function uniqueFileNames(folder: string) {
  const taken = new Set<string>();
  return (name: string, extension: string): string => {
    const base = safeFileName(name);
    for (let n = 1; ; n += 1) {
      const path = `${folder}/${n === 1 ? base : `${base} (${n})`}.${extension}`;
      if (!taken.has(path.toLowerCase())) {
        taken.add(path.toLowerCase());
        return path;
      }
    }
  };
}
