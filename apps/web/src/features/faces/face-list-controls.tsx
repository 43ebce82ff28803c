import { FACE_PAGE_SIZES } from '@seva/shared';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import type { NameOrder } from './face-list-state.ts';

const ORDER_OPTIONS = [
  { value: 'asc', label: 'A to Z' },
  { value: 'desc', label: 'Z to A' },
] as const;
const PAGE_SIZE_OPTIONS = FACE_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

interface FaceListControlsProps {
  search: string;
  order: NameOrder;
  pageSize: number;
  onSearch: (search: string) => void;
  onOrder: (order: NameOrder) => void;
  onPageSize: (pageSize: number) => void;
}

/** product §9: search by name, sort by name either way, and 10, 25, 50 or 100 faces a page. */
export function FaceListControls({ search, order, pageSize, onSearch, onOrder, onPageSize }: FaceListControlsProps) {
  return (
    <div role="search" aria-label="Faces" className="face-controls">
      <TextField
        label="Search by name"
        type="search"
        autoComplete="off"
        spellCheck={false}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        className="face-controls-search"
      />
      <SelectField label="Sort by name" options={ORDER_OPTIONS} value={order} onChange={(event) => onOrder(event.target.value as NameOrder)} />
      <SelectField label="Faces per page" options={PAGE_SIZE_OPTIONS} value={String(pageSize)} onChange={(event) => onPageSize(Number(event.target.value))} />
    </div>
  );
}
