import { useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { PageNavigation } from './page-navigation.tsx';
import { movePage } from './page-number.ts';
import { useElementWidth } from './use-element-width.ts';

// The pdf.js worker is bundled by Vite as a file of our own origin (CSP worker-src 'self'; no network needed).
// Set here, in the module that renders react-pdf, so react-pdf's default cannot overwrite it.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** Links inside the manual open in a new tab, never in place of the portal. */
const EXTERNAL_LINK_REL = 'noopener noreferrer';

export interface PdfViewerProps {
  /** Same-origin URL of the PDF; pdf.js fetches it with the session cookie. */
  url: string;
  /** Called once the document is open, with its page count. */
  onLoad: (pageCount: number) => void;
  onError: (error: Error) => void;
}

/**
 * One page of a PDF at a time, fitted to the width of its container, with pdf.js's text layer on top of the
 * drawing so screen readers and find-in-page reach the words. Loaded lazily: react-pdf and pdf.js are heavy.
 */
export default function PdfViewer({ url, onLoad, onError }: PdfViewerProps) {
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const [frameRef, width] = useElementWidth<HTMLDivElement>();
  // The height of the last page drawn, kept while the next one loads so the layout does not jump.
  const [pageHeight, setPageHeight] = useState<number>();

  return (
    <div className="pdf-viewer">
      {pageCount > 0 ? <PageNavigation page={page} pageCount={pageCount} onMove={(step) => setPage((p) => movePage(p, step, pageCount))} /> : null}
      <div ref={frameRef} className="pdf-frame" style={{ minHeight: pageHeight }}>
        {/* Without Suspense: a failure goes to onError (the page's alert), not to an error boundary. */}
        <Document
          file={url}
          suspense={false}
          loading={null}
          error={null}
          noData={null}
          externalLinkTarget="_blank"
          externalLinkRel={EXTERNAL_LINK_REL}
          onItemClick={({ pageNumber }) => setPage(pageNumber)}
          onLoadSuccess={(pdf) => {
            setPageCount(pdf.numPages);
            setPage(1);
            onLoad(pdf.numPages);
          }}
          onLoadError={onError}
          onSourceError={onError}
        >
          {width ? (
            <Page
              pageNumber={page}
              width={width}
              className="pdf-page"
              loading={null}
              error={null}
              onLoadError={onError}
              onRenderError={onError}
              onRenderSuccess={(rendered) => setPageHeight(Math.floor(rendered.height))}
            />
          ) : null}
        </Document>
      </div>
    </div>
  );
}
