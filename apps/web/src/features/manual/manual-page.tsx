import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ManualSummary } from '@seva/shared';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { dateLocale } from '../../lib/dates.ts';
import { paths } from '../../lib/paths.ts';
import { screenHeadings } from '../../lib/screens.ts';
import { manualDownloadUrl, useLatestManual } from './api/get-latest-manual.ts';
import { isRetryable, manualErrorMessage } from './manual-error-message.ts';
import { manualDate, manualTitle } from './manual-heading.ts';
import type { ManualInfo } from './pdf-reading.ts';
import type { PdfViewerProps } from './pdf-viewer.tsx';

/** react-pdf and pdf.js load only when a manual is shown; a chunk that fails to load is reported like a bad PDF. */
const PdfViewer = lazy<ComponentType<PdfViewerProps>>(() =>
  import('./pdf-viewer.tsx').catch((error: unknown) => ({
    default: function ViewerUnavailable({ onError }: PdfViewerProps) {
      useEffect(() => onError(error instanceof Error ? error : new Error(String(error))), [onError]);
      return null;
    },
  })),
);

/** product §2: shown from the first request until the manual's PDF is open. */
export const LOADING_MESSAGE = msg`LOADING USER MANUAL`;

/** What became of the PDF of one manual: a newer manual starts afresh. */
interface PdfState {
  id: string;
  loaded: boolean;
  info?: ManualInfo;
  error?: Error;
}

/** /manual, the Knowledge Base: the newest user manual in a PDF viewer (product §2, §4, §8). */
export function ManualPage() {
  const { i18n } = useLingui();
  const manual = useLatestManual();
  const [pdf, setPdf] = useState<PdfState>();
  const current = manual.data && pdf?.id === manual.data.id ? pdf : undefined;
  const error = manual.error ?? current?.error;

  const status = error
    ? { tone: 'error' as const, message: manualErrorMessage(error, i18n) }
    : { tone: 'info' as const, message: current?.loaded ? null : i18n._(LOADING_MESSAGE) };

  const retry = () => {
    setPdf(undefined);
    void manual.refetch();
  };

  return (
    <>
      <PageHeading>{screenHeadings[paths.manual]}</PageHeading>
      <p className="lead">
        <Trans>Access the latest SEVA user manual</Trans>
      </p>
      <StatusRegion tone={status.tone} message={status.message} />
      {error && isRetryable(error) ? (
        <p>
          <Button variant="secondary" busy={manual.isFetching} onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        </p>
      ) : null}
      {manual.data && !manual.error && !current?.error ? <ManualDocument manual={manual.data} info={current?.info} onChange={setPdf} /> : null}
    </>
  );
}

/**
 * The manual under its own title and date, from its metadata (the file name and the day it was added when it has
 * none), shown once the PDF is open; its download link; the viewer.
 */
function ManualDocument({ manual, info, onChange }: { manual: ManualSummary; info: ManualInfo | undefined; onChange: (state: PdfState) => void }) {
  // Drawn again when the page's language changes, so the date is written in it.
  useLingui();
  const { id } = manual;
  const date = info ? manualDate(info, manual, dateLocale()) : null;
  const dateText = date?.text;
  return (
    <section className="manual" aria-labelledby={info ? 'manual-title' : undefined}>
      {info ? (
        <h2 id="manual-title" className="manual-title">
          <span lang={info.title ? (info.language ?? undefined) : undefined}>{manualTitle(info, manual)}</span>
          {date ? (
            <span className="manual-date">
              {date.label === 'created' ? (
                <Trans comment="After the manual's title: the day its PDF was made">
                  , created <time dateTime={date.iso}>{dateText}</time>
                </Trans>
              ) : (
                <Trans comment="After the manual's title: the day it was put on the portal">
                  , added <time dateTime={date.iso}>{dateText}</time>
                </Trans>
              )}
            </span>
          ) : null}
        </h2>
      ) : null}
      <p>
        <a href={manualDownloadUrl(manual)} download={manual.fileName}>
          <Trans>Download the manual (PDF)</Trans>
        </a>
      </p>
      <Suspense fallback={null}>
        <PdfViewer
          key={id}
          url={manual.url}
          onLoad={(loaded) => onChange({ id, loaded: true, info: loaded })}
          onError={(error) => onChange({ id, loaded: false, error })}
        />
      </Suspense>
    </section>
  );
}
