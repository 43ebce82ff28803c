import { FACE_PAGE_SIZES } from '@seva/shared';

/** product §9: sort by name ascending or descending. */
export type NameOrder = 'asc' | 'desc';
type FacePageSize = (typeof FACE_PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: FacePageSize = FACE_PAGE_SIZES[0];

/** One entry of the page list: a page number, or an ellipsis standing for the pages left out. */
export type PageLink = number | 'ellipsis-start' | 'ellipsis-end';

export interface FaceListQuery {
  search: string;
  order: NameOrder;
  pageSize: number;
  /** 1-based; a page past the end shows the last page. */
  page: number;
}

interface FaceListView<T> {
  /** The faces on the page shown. */
  items: T[];
  /** How many faces match the search, over all pages. */
  total: number;
  /** The page shown, after clamping to the pages there are. */
  page: number;
  pageCount: number;
  /** 1-based positions of the first and last face shown, for 'Showing X to Y of Z faces'; 0 when none. */
  from: number;
  to: number;
  pages: PageLink[];
}

/** product §9: case-insensitive substring of the name; a blank search keeps every face. */
export function filterByName<T extends { name: string }>(faces: readonly T[], search: string): T[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...faces];
  return faces.filter((face) => face.name.toLocaleLowerCase().includes(needle));
}

/** Made when a list is first sorted, not as the screen's code loads: making it reads ICU's collation data (D-069). */
let collator: Intl.Collator | undefined;

export function sortByName<T extends { name: string }>(faces: readonly T[], order: NameOrder): T[] {
  if (faces.length < 2) return [...faces];
  const sign = order === 'asc' ? 1 : -1;
  collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  const { compare } = collator;
  return [...faces].sort((a, b) => sign * compare(a.name, b.name));
}

/** product §9: the first and last page and the current page ±1, with an ellipsis wherever pages are left out. */
export function pageLinks(current: number, pageCount: number): PageLink[] {
  if (pageCount < 1) return [];
  const shown = [...new Set([1, current - 1, current, current + 1, pageCount])].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const links: PageLink[] = [];
  shown.forEach((page, index) => {
    const previous = shown[index - 1];
    if (previous !== undefined && page - previous > 1) links.push(page === pageCount ? 'ellipsis-end' : 'ellipsis-start');
    links.push(page);
  });
  return links;
}

/** Everything the list shows for a query: search, then sort, then cut out one page. */
export function faceListView<T extends { name: string }>(faces: readonly T[], query: FaceListQuery): FaceListView<T> {
  const matching = sortByName(filterByName(faces, query.search), query.order);
  const total = matching.length;
  const pageCount = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(Math.max(1, Math.floor(query.page)), pageCount);
  const start = (page - 1) * query.pageSize;
  const items = matching.slice(start, start + query.pageSize);
  return {
    items,
    total,
    page,
    pageCount,
    from: items.length ? start + 1 : 0,
    to: start + items.length,
    pages: total ? pageLinks(page, pageCount) : [],
  };
}
