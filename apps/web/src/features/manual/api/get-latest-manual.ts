import type { ManualSummary } from '@seva/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/manuals/latest: the newest readable manual (product §4). */
const latestManualQuery = () =>
  queryOptions({
    queryKey: ['manuals', 'latest'],
    queryFn: ({ signal }) => apiFetch<ManualSummary>('/api/manuals/latest', { signal }),
  });

export function useLatestManual() {
  return useQuery(latestManualQuery());
}

/** The same PDF served as an attachment, for the download link. */
export function manualDownloadUrl(manual: Pick<ManualSummary, 'url'>): string {
  return `${manual.url}${manual.url.includes('?') ? '&' : '?'}download=1`;
}
