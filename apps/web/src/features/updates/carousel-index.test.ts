import { describe, expect, it } from 'vitest';
import { slideAnnouncement, slideLabel, wrapIndex } from './carousel-index.ts';

describe('carousel index', () => {
  it('moves forward and back within the slides', () => {
    expect(wrapIndex(0, 1, 8)).toBe(1);
    expect(wrapIndex(5, -1, 8)).toBe(4);
  });

  it('wraps from the last slide to the first and from the first to the last', () => {
    expect(wrapIndex(7, 1, 8)).toBe(0);
    expect(wrapIndex(0, -1, 8)).toBe(7);
  });

  it('stays on the only slide and copes with none', () => {
    expect(wrapIndex(0, 1, 1)).toBe(0);
    expect(wrapIndex(0, -1, 1)).toBe(0);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it('labels and announces slides counting from 1', () => {
    expect(slideLabel(0, 8)).toBe('1 of 8');
    expect(slideAnnouncement(1, 8, 'Navigate')).toBe('2 of 8: Navigate');
  });
});
