// The compact descriptor of the glasses' sync, on real descriptors of the face fixtures.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceFixture } from '../../../../../test-kit/test-data.ts';
import { createFaceEngine, faceDistance, type FaceEngine } from '../../face-engine/face-engine.ts';
import { compactDescriptor, decodeDescriptor, encodeDescriptor, readCompactDescriptor } from './descriptors.ts';

describe('compact descriptors', () => {
  let engine: FaceEngine;
  let stored: Buffer[];
  beforeAll(async () => {
    engine = createFaceEngine({ threads: 2 });
    // Photos 1 and 2 of each of the 8 people: 16 descriptors, 120 pairs (same person and different people).
    const files = fs.readdirSync(faceFixture('people')).flatMap((person) => [1, 2].map((n) => faceFixture('people', person, `${person}${n}.png`)));
    stored = await Promise.all(files.map(async (file) => encodeDescriptor((await engine.analyse(fs.readFileSync(file))).faces[0]!.descriptor)));
  }, 300_000);
  afterAll(() => engine.close());

  it('is 176 characters of base64: a float32 scale and 128 int8', () => {
    for (const descriptor of stored) {
      const text = compactDescriptor(descriptor);
      expect(text).toMatch(/^[A-Za-z0-9+/]{176}$/);
      expect(Buffer.from(text, 'base64').readFloatLE(0)).toBe(Math.max(...decodeDescriptor(descriptor).map(Math.abs)));
    }
  });

  it('moves the distance between two real descriptors by less than 0.01', () => {
    const read = stored.map((descriptor) => readCompactDescriptor(compactDescriptor(descriptor)));
    let worst = 0;
    for (let i = 0; i < stored.length; i += 1) {
      for (let j = i + 1; j < stored.length; j += 1) {
        const exact = faceDistance(decodeDescriptor(stored[i]!), decodeDescriptor(stored[j]!));
        worst = Math.max(worst, Math.abs(faceDistance(read[i]!, read[j]!) - exact));
      }
    }
    expect(worst).toBeLessThan(0.01);
  });

  it('gives back zeros for a zero descriptor, and the largest component exactly', () => {
    expect(Array.from(readCompactDescriptor(compactDescriptor(encodeDescriptor(new Array(128).fill(0)))))).toEqual(new Array(128).fill(0));
    const descriptor = Float32Array.from({ length: 128 }, (_, i) => (i - 64) / 256);
    expect(readCompactDescriptor(compactDescriptor(encodeDescriptor(descriptor)))[0]).toBe(descriptor[0]);
  });
});
