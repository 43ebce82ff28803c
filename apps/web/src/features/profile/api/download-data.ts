import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiResponse } from '../../../lib/api-client.ts';
import { activityQuery } from './get-activity.ts';

/** How much of the archive has arrived; `total` is the answer's Content-Length. */
export interface DownloadProgress {
  received: number;
  total: number | undefined;
}

interface DownloadedFile {
  fileName: string;
  blob: Blob;
}

/** Said by /profile's 'Your data' in the page's language (localise). */
const DOWNLOAD_CUT_SHORT = /*i18n*/ 'The download was cut short. Please try again.';

/**
 * POST /api/account/export: the archive of everything the portal keeps about the user, read as it arrives so the
 * page can show how much has come (issue #12). Resolves once the whole file is in the browser.
 */
async function fetchArchive(onProgress: (progress: DownloadProgress) => void): Promise<DownloadedFile> {
  // The download's index.html writes times in the user's own time zone.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const response = await apiResponse('/api/account/export', { method: 'POST', accept: 'application/zip', json: timeZone ? { timeZone } : {} });
  const length = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'seva-data.zip';
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  try {
    const reader = (response.body as ReadableStream<Uint8Array<ArrayBuffer>>).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  } catch {
    throw new ApiError(0, DOWNLOAD_CUT_SHORT);
  }
  if (total !== undefined && received !== total) throw new ApiError(0, DOWNLOAD_CUT_SHORT);
  return { fileName, blob: new Blob(chunks, { type: 'application/zip' }) };
}

/** Hands the file to the browser as a download, as a link with `download` would. */
function saveFile({ fileName, blob }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started saving by now; the object URL is released once it surely has.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 'Download my data': the archive, with progress; saved as `seva-data-YYYY-MM-DD.zip` once it has fully arrived. */
export function useDownloadData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (onProgress: (progress: DownloadProgress) => void) => fetchArchive(onProgress),
    onSuccess: (file) => saveFile(file),
    // The download is in the account's activity now.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: activityQuery().queryKey }),
  });
}
