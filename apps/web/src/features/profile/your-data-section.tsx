import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { useLingui } from '@lingui/react/macro';
import { accountMessages, fill, RESTORE_WINDOW_DAYS } from '@seva/shared';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import type { ResultPlace } from '../../lib/use-action-result.ts';
import { useDownloadData, type DownloadProgress } from './api/download-data.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

const DOWNLOAD_EXPLAINED =
  /*i18n*/ 'Download a copy of everything SEVA keeps about you in one .zip file: your account, emergency contacts, faces with their photos and face descriptions, paired glasses and recent activity, with an index.html page that shows and explains each file.';
const DELETE_EXPLAINED = fill(/*i18n*/ 'Delete your account. We keep it {days} days, and the link we e-mail you brings everything back until then; after that we erase it for good, and its license ID can register again.', { days: RESTORE_WINDOW_DAYS });
const DOWNLOAD_STARTED = /*i18n*/ 'Preparing your data for download…';
const downloadFailed = (message: string) => fill(/*i18n*/ 'Failed to download your data: {message}', { message });
const downloadedMessage = (fileName: string) => fill(/*i18n*/ 'Your data has been downloaded as {fileName}.', { fileName });

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const percentOf = ({ received, total }: DownloadProgress) => (total ? Math.min(100, Math.floor((received / total) * 100)) : undefined);

/** What the button says while the file arrives: how much, as a share when the size is known. */
export function progressText(progress: DownloadProgress | null): string {
  if (!progress) return /*i18n*/ 'Downloading…';
  const percent = percentOf(progress);
  return percent === undefined ? fill(/*i18n*/ 'Downloading… {size}', { size: megabytes(progress.received) }) : fill(/*i18n*/ 'Downloading… {percent}%', { percent });
}

/**
 * /profile's 'Your data' (issue #12; UK GDPR Articles 15, 17 and 20): 'Download my data', which fetches the archive
 * showing its progress on the button until the browser has the file, and 'Delete my account', confirmed in an alert
 * dialog with the password. Beside the button, a live region says the download has started, each quarter of it, and
 * then that the file has come, which stays (D-077): focus stays on the button, which is still there.
 */
export function YourDataSection({ result, onFailure }: { result: ResultPlace; onFailure: (message: string) => void }) {
  const { t } = useLingui();
  const localise = useLocalise();
  const download = useDownloadData();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  /** What the live region says while the file comes. */
  const [arriving, setArriving] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const announcedQuarter = useRef(0);

  const start = async () => {
    result.clear();
    setProgress(null);
    announcedQuarter.current = 0;
    setArriving(DOWNLOAD_STARTED);
    try {
      const file = await download.mutateAsync((next) => {
        setProgress(next);
        const percent = percentOf(next);
        const quarter = percent === undefined ? 0 : Math.floor(percent / 25);
        if (quarter > announcedQuarter.current && quarter < 4) {
          announcedQuarter.current = quarter;
          setArriving(progressText(next));
        }
      });
      setArriving(null);
      result.show(downloadedMessage(file.fileName));
    } catch (error) {
      setArriving(null);
      // The reason in the page's language ('The download was cut short…'); the status region says the sentence around it.
      onFailure(downloadFailed(localise(error instanceof Error ? error.message : String(error))));
    }
  };

  const percent = progress ? percentOf(progress) : undefined;
  const said = arriving ?? result.shown?.text;
  return (
    <section className="card account-section" aria-labelledby="your-data-heading">
      <h2 id="your-data-heading">{localise(accountMessages.yourDataHeading)}</h2>
      <p>{localise(DOWNLOAD_EXPLAINED)}</p>
      <p className="actions">
        <Button busy={download.isPending} onClick={() => void start()}>
          {localise(download.isPending ? progressText(progress) : accountMessages.downloadData)}
        </Button>
        {download.isPending && percent !== undefined ? <progress className="download-progress" max={100} value={percent} aria-label={t`Download progress`} /> : null}
      </p>
      <p role="status" className={arriving ? 'notice notice-info' : said ? 'notice notice-success' : 'visually-empty'}>
        {said ? localise(said) : null}
      </p>
      <p>{localise(DELETE_EXPLAINED)}</p>
      <p>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          {localise(accountMessages.deleteAccount)}
        </Button>
      </p>
      <DeleteAccountDialog isOpen={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
