import { lazy, Suspense, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { PageHeading } from '../../components/ui/page-heading.tsx';
import { StatusRegion } from '../../components/ui/status-region.tsx';
import { manualDownloadUrl, useLatestManual } from './api/get-latest-manual.ts';
import { isRetryable, manualErrorMessage } from './manual-error-message.ts';

const PdfViewer = lazy(() => import('./pdf-viewer.tsx'));

/** SPEC §2: shown from the first request until the manual's PDF is open. */
export const LOADING_MESSAGE = 'LOADING USER MANUAL';

/** /manual, the Knowledge Base: the newest user manual in a PDF viewer (SPEC §2, §4, §8). */
export function ManualPage() {
  const manual = useLatestManual();
  // What became of the PDF itself, for the manual id it belongs to (a newer manual starts afresh).
  const [document, setDocument] = useState<{ id: string; loaded: boolean; error?: Error }>();
  const current = manual.data && document?.id === manual.data.id ? document : undefined;
  const error = manual.error ?? current?.error;

  const status = error
    ? { tone: 'error' as const, message: manualErrorMessage(error) }
    : { tone: 'info' as const, message: current?.loaded ? null : LOADING_MESSAGE };

  const retry = () => {
    setDocument(undefined);
    void manual.refetch();
  };

  return (
    <>
      <PageHeading>KNOWLEDGE BASE</PageHeading>
      <p className="lead">Access the latest SEVA user manual</p>
      <StatusRegion tone={status.tone} message={status.message} />
      {error && isRetryable(error) ? (
        <p>
          <Button variant="secondary" busy={manual.isFetching} onClick={retry}>
            Try again
          </Button>
        </p>
      ) : null}
      {manual.data && !current?.error ? (
        <section className="manual" aria-labelledby="manual-title">
          <h2 id="manual-title" className="manual-title">
            {manual.data.fileName}
          </h2>
          <p>
            <a href={manualDownloadUrl(manual.data)} download={manual.data.fileName}>
              Download the manual (PDF)
            </a>
          </p>
          <Suspense fallback={null}>
            <PdfViewer
              key={manual.data.id}
              url={manual.data.url}
              onLoad={() => setDocument({ id: manual.data.id, loaded: true })}
              onError={(pdfError) => setDocument({ id: manual.data.id, loaded: false, error: pdfError })}
            />
          </Suspense>
        </section>
      ) : null}
    </>
  );
}
