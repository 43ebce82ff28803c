const KEY_PATTERN = /^[a-z0-9][a-z0-9_.-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;
/** The file store keeps a blob's content type beside it, in a file of its key and this suffix. */
export const TYPE_SUFFIX = '.type';

/** Segments start with a letter or digit (never a temporary file's dot) and no key ends like a content-type file. */
export const isKey = (key: string) => KEY_PATTERN.test(key) && !key.includes('..') && !key.endsWith(TYPE_SUFFIX);

/** The key, once it is one a store may write. */
export function checkKey(key: string): string {
  if (!isKey(key)) throw new Error(`Invalid blob key: ${key}`);
  return key;
}
