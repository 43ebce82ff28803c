import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import 'react-pdf/dist/Page/TextLayer.css';
import { ManualTextView } from './manual-text-view.tsx';
import { PageNavigation } from './page-navigation.tsx';
import { movePage } from './page-number.ts';
import { manualInfo, type ManualInfo, type PdfDocument } from './pdf-reading.ts';
import { useElementWidth } from './use-element-width.ts';
import { useStoredChoice } from './use-stored-choice.ts';
import { ZoomControls } from './zoom-controls.tsx';
import { DEFAULT_ZOOM, pageWidth, ZOOM_LEVELS } from './zoom-level.ts';

// The pdf.js worker is bundled by Vite as a file of our own origin (CSP worker-src 'self'; no network needed).
// Set here, in the module that renders react-pdf, so react-pdf's default cannot overwrite it.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

/** Links inside the manual open in a new tab, never in place of the portal. */
const EXTERNAL_LINK_REL = 'noopener noreferrer';

type View = 'pdf' | 'text';
const parseView = (stored: string): View | undefined => (stored === 'pdf' || stored === 'text' ? stored : undefined);
const parseZoom = (stored: string): number | undefined => ZOOM_LEVELS.find((level) => String(level) === stored);

export interface PdfViewerProps {
  /** Same-origin URL of the PDF; pdf.js fetches it with the session cookie. */
  url: string;
  /** Called once the document is open, with its page count and what its metadata says about it. */
  onLoad: (info: ManualInfo) => void;
  onError: (error: Error) => void;
}

/**
 * The manual, two ways (SPEC's PDF viewer, and the same words as a web page), chosen with tabs; the choice and the
 * zoom are kept in this browser. Loaded lazily: react-pdf and pdf.js are heavy.
 */
export default function PdfViewer({ url, onLoad, onError }: PdfViewerProps) {
  const { t } = useLingui();
  const [pdf, setPdf] = useState<PdfDocument>();
  const [language, setLanguage] = useState<string>();
  const [page, setPage] = useState(1);
  const [view, setView] = useStoredChoice<View>('seva.manual.view', 'pdf', parseView);
  const [zoom, setZoom] = useStoredChoice<number>('seva.manual.zoom', DEFAULT_ZOOM, parseZoom);

  return (
    <div className="pdf-viewer">
      {/* Without Suspense: a failure goes to onError (the page's alert), not to an error boundary. */}
      <Document
        file={url}
        suspense={false}
        loading={null}
        error={null}
        noData={null}
        externalLinkTarget="_blank"
        externalLinkRel={EXTERNAL_LINK_REL}
        onItemClick={({ pageNumber }) => {
          setPage(pageNumber);
          setView('pdf');
        }}
        onLoadSuccess={async (document) => {
          setPage(1);
          const info = await manualInfo(document);
          setLanguage(info.language ?? undefined);
          setPdf(document);
          onLoad(info);
        }}
        onLoadError={onError}
        onSourceError={onError}
      >
        {pdf ? (
          <Tabs selectedKey={view} onSelectionChange={(key: Key) => setView(key === 'text' ? 'text' : 'pdf')}>
            <TabList aria-label={t`How to read the manual`} className="manual-tabs">
              <Tab id="pdf" className="manual-tab">
                <Trans>PDF pages</Trans>
              </Tab>
              <Tab id="text" className="manual-tab">
                <Trans>Read as text</Trans>
              </Tab>
            </TabList>
            <TabPanel id="pdf" className="manual-tab-panel">
              <PdfPages language={language} page={page} pageCount={pdf.numPages} zoom={zoom} onPage={setPage} onZoom={setZoom} onError={onError} />
            </TabPanel>
            <TabPanel id="text" className="manual-tab-panel">
              <ManualTextView pdf={pdf} url={url} language={language} />
            </TabPanel>
          </Tabs>
        ) : null}
      </Document>
    </div>
  );
}

interface PdfPagesProps {
  /** The PDF's own language, which its text layer is marked with. */
  language: string | undefined;
  page: number;
  pageCount: number;
  zoom: number;
  onPage: (page: number) => void;
  onZoom: (zoom: number) => void;
  onError: (error: Error) => void;
}

/**
 * One page at a time, with pdf.js's text layer on top of the drawing so screen readers and find-in-page reach the
 * words. It fills the frame's width, but is never drawn below the PDF's actual size (zoom-level.ts): where the frame is
 * narrower (a phone, or 400 % browser zoom) the frame scrolls sideways and says so.
 */
function PdfPages({ language, page, pageCount, zoom, onPage, onZoom, onError }: PdfPagesProps) {
  const { t } = useLingui();
  const [frameRef, frameWidth] = useElementWidth<HTMLDivElement>();
  // The page's width in PDF points, known once pdf.js has loaded it; until then the page fits the frame.
  const [pagePoints, setPagePoints] = useState<number>();
  // The height of the last page drawn, kept while the next one loads so the layout does not jump.
  const [pageHeight, setPageHeight] = useState<number>();
  const width = frameWidth ? pageWidth(frameWidth, pagePoints, zoom) : undefined;
  const wide = width !== undefined && frameWidth !== undefined && width > frameWidth;

  return (
    <div className="pdf-pages">
      <div className="pdf-toolbar">
        <PageNavigation page={page} pageCount={pageCount} onMove={(step) => onPage(movePage(page, step, pageCount))} />
        <ZoomControls zoom={zoom} onZoom={onZoom} />
      </div>
      {wide ? (
        <p className="pdf-wide-note">
          <Trans>The page is wider than the viewer: scroll it sideways, or choose Read as text.</Trans>
        </p>
      ) : null}
      <div
        ref={frameRef}
        className="pdf-frame"
        style={{ minHeight: pageHeight }}
        role={wide ? 'region' : undefined}
        aria-label={wide ? t`Page ${page}, scrolls sideways` : undefined}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways must take focus, or the keyboard cannot scroll it (WCAG 2.1.1)
        tabIndex={wide ? 0 : undefined}
      >
        {width ? (
          // The page's words are the manual's, in its own language.
          <div lang={language}>
            <Page
              pageNumber={page}
              width={width}
              className="pdf-page"
              loading={null}
              error={null}
              onLoadSuccess={(loaded) => setPagePoints(loaded.originalWidth)}
              onLoadError={onError}
              onRenderError={onError}
              onRenderSuccess={(rendered) => setPageHeight(Math.floor(rendered.height))}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
