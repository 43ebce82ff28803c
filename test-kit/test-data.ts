import path from 'node:path';

/**
 * Where the repository keeps its test data. Every test, end-to-end spec and benchmark finds a file here through
 * this module, so the data can move without a hunt for paths.
 */
const TEST_DATA_DIR = path.resolve(import.meta.dirname, '../test-data');

/** The face photos (source and licence: test-data/faces/README.md). */
const FACES_DIR = path.join(TEST_DATA_DIR, 'faces');

/** The path of a face fixture, e.g. `faceFixture('single', 'neutral.jpg')` or `faceFixture('people/amy')`. */
export function faceFixture(...relativePath: string[]): string {
  return path.join(FACES_DIR, ...relativePath);
}
