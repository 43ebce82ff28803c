import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { FACE_PAGE_SIZES } from '@seva/shared';
import { SelectField } from '../../components/ui/select-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import type { NameOrder } from './face-list-state.ts';

const ORDER_OPTIONS = [
  { value: 'asc', label: msg`A to Z` },
  { value: 'desc', label: msg`Z to A` },
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
  const { t, i18n } = useLingui();
  const orderOptions = ORDER_OPTIONS.map((option) => ({ value: option.value, label: i18n._(option.label) }));
  return (
    <div role="search" aria-label={t`Faces`} className="face-controls">
      <TextField
        label={t`Search by name`}
        type="search"
        autoComplete="off"
        spellCheck={false}
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        className="face-controls-search"
      />
      <SelectField label={t`Sort by name`} options={orderOptions} value={order} onChange={(event) => onOrder(event.target.value as NameOrder)} />
      <SelectField label={t`Faces per page`} options={PAGE_SIZE_OPTIONS} value={String(pageSize)} onChange={(event) => onPageSize(Number(event.target.value))} />
    </div>
  );
}
