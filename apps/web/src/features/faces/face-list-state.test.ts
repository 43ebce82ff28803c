import { describe, expect, it } from 'vitest';
import { faceListView, filterByName, pageLinks, sortByName, type FaceListQuery } from './face-list-state.ts';

const named = (...names: string[]) => names.map((name) => ({ name }));
const names = (faces: Array<{ name: string }>) => faces.map((f) => f.name);
const numbered = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `Face ${String(i + 1).padStart(3, '0')}` }));
const query = (overrides: Partial<FaceListQuery> = {}): FaceListQuery => ({ search: '', order: 'asc', pageSize: 10, page: 1, ...overrides });

describe('search by name', () => {
  const faces = named('Amy', 'Bernadette', 'Howard', 'Penny', 'Sheldon Cooper', 'Leonard');

  it('keeps names containing the text, whatever its case', () => {
    expect(names(filterByName(faces, 'ER'))).toEqual(['Bernadette', 'Sheldon Cooper']);
    expect(names(filterByName(faces, 'xyz'))).toEqual([]);
    expect(names(filterByName(faces, 'e'))).toEqual(['Bernadette', 'Penny', 'Sheldon Cooper', 'Leonard']);
    expect(names(filterByName(faces, 'COOP'))).toEqual(['Sheldon Cooper']);
    expect(names(filterByName(faces, 'nar'))).toEqual(['Leonard']);
  });

  it('keeps every face for a blank search, and ignores spaces around the text', () => {
    expect(filterByName(faces, '   ')).toHaveLength(6);
    expect(names(filterByName(faces, '  amy '))).toEqual(['Amy']);
  });
});

describe('sort by name', () => {
  const faces = named('penny', 'Amy', 'Zoë', 'howard', 'Face 10', 'Face 2');

  it('sorts A to Z ignoring case, numbers in number order', () => {
    expect(names(sortByName(faces, 'asc'))).toEqual(['Amy', 'Face 2', 'Face 10', 'howard', 'penny', 'Zoë']);
  });

  it('sorts Z to A', () => {
    expect(names(sortByName(faces, 'desc'))).toEqual(['Zoë', 'penny', 'howard', 'Face 10', 'Face 2', 'Amy']);
  });

  it('leaves the given list as it was', () => {
    sortByName(faces, 'asc');
    expect(names(faces)[0]).toBe('penny');
  });
});

describe('page links: first, last, current ±1, with ellipses', () => {
  it('lists both pages of 12 faces at 10 a page', () => {
    expect(pageLinks(1, 2)).toEqual([1, 2]);
    expect(pageLinks(2, 2)).toEqual([1, 2]);
  });

  it('lists one page, or none when there are no pages', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 0)).toEqual([]);
  });

  it('elides the middle of 10 pages (100 faces at 10 a page)', () => {
    expect(pageLinks(1, 10)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(pageLinks(2, 10)).toEqual([1, 2, 3, 'ellipsis-end', 10]);
    expect(pageLinks(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis-end', 10]);
    expect(pageLinks(5, 10)).toEqual([1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]);
    expect(pageLinks(9, 10)).toEqual([1, 'ellipsis-start', 8, 9, 10]);
    expect(pageLinks(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
  });

  it('needs no ellipsis for 3 pages', () => {
    expect(pageLinks(1, 3)).toEqual([1, 2, 3]);
    expect(pageLinks(3, 3)).toEqual([1, 2, 3]);
  });
});

describe('faceListView', () => {
  it('shows 10 of 12 faces on page 1 and the last 2 on page 2', () => {
    const faces = numbered(12);
    const first = faceListView(faces, query());
    expect(first).toMatchObject({ total: 12, page: 1, pageCount: 2, from: 1, to: 10, pages: [1, 2] });
    expect(first.items).toHaveLength(10);
    const second = faceListView(faces, query({ page: 2 }));
    expect(second).toMatchObject({ from: 11, to: 12, total: 12 });
    expect(names(second.items)).toEqual(['Face 011', 'Face 012']);
  });

  it('pages 100 faces by each page size', () => {
    const faces = numbered(100);
    expect(faceListView(faces, query({ pageSize: 25, page: 4 }))).toMatchObject({ from: 76, to: 100, pageCount: 4, pages: [1, 'ellipsis-start', 3, 4] });
    expect(faceListView(faces, query({ pageSize: 50 }))).toMatchObject({ from: 1, to: 50, pageCount: 2 });
    expect(faceListView(faces, query({ pageSize: 100 }))).toMatchObject({ from: 1, to: 100, pageCount: 1, pages: [1] });
    expect(faceListView(faces, query({ page: 6 })).pages).toEqual([1, 'ellipsis-start', 5, 6, 7, 'ellipsis-end', 10]);
  });

  it('counts only the faces that match the search, sorted as asked', () => {
    const faces = named('Amy', 'amy 2', 'Penny', 'Amyra');
    const view = faceListView(faces, query({ search: 'AMY', order: 'desc' }));
    expect(view).toMatchObject({ total: 3, from: 1, to: 3 });
    expect(names(view.items)).toEqual(['Amyra', 'amy 2', 'Amy']);
  });

  it('shows the last page when asked for a page past the end (e.g. after a delete)', () => {
    const view = faceListView(numbered(10), query({ page: 2 }));
    expect(view).toMatchObject({ page: 1, from: 1, to: 10 });
  });

  it('shows nothing, and no page links, when no face matches', () => {
    expect(faceListView(named('Amy'), query({ search: 'zz' }))).toMatchObject({ items: [], total: 0, from: 0, to: 0, pages: [] });
  });
});
