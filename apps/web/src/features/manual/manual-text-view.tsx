import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { TextBlock } from './manual-text.ts';
import { manualText, type PdfDocument } from './pdf-reading.ts';

const TEXT_LOADING = msg`Preparing the text of the manual…`;
const TEXT_FAILED = msg`The text of this manual could not be read. Use the PDF pages, or download the manual.`;
const TEXT_EMPTY = msg`This manual holds no text to show here (its pages may be scanned images). Use the PDF pages, or download the manual.`;

/**
 * 'Read as text': the manual as a web page, with its headings (h3 for the PDF's top level, as the manual's own title
 * is the h2 above) and paragraphs. It reflows to any width, follows the browser's text size and zoom, and the browser's
 * Find searches it. Read once per manual and language and kept while the page is open; the manual's own words stay as
 * written, a figure's 'Figure:' is said in the page's language.
 */
export function ManualTextView({ pdf, url, language }: { pdf: PdfDocument; url: string; language: string | undefined }) {
  const { i18n } = useLingui();
  const figure = (alt: string) => i18n._(msg`Figure: ${alt}`);
  const text = useQuery({ queryKey: ['manual-text', url, i18n.locale], queryFn: () => manualText(pdf, figure), staleTime: Infinity, gcTime: Infinity, retry: false });
  return (
    <div className="manual-text">
      <p role="status" className={text.isPending ? 'manual-text-note' : 'visually-empty'}>
        {text.isPending ? i18n._(TEXT_LOADING) : null}
      </p>
      <p role="alert" className={text.isError ? 'notice notice-error' : 'visually-empty'}>
        {text.isError ? i18n._(TEXT_FAILED) : null}
      </p>
      {text.data?.length === 0 ? <p>{i18n._(TEXT_EMPTY)}</p> : null}
      {text.data?.length ? (
        <>
          <p className="manual-text-note">
            <Trans>
              The manual&rsquo;s words, set as a web page: they fit your screen and follow your text size and zoom, and your browser&rsquo;s Find
              (Ctrl+F, or Command+F on a Mac) searches them.
            </Trans>
          </p>
          <article className="manual-text-body" lang={language}>{text.data.map(renderBlock)}</article>
        </>
      ) : null}
    </div>
  );
}

function renderBlock(block: TextBlock, index: number) {
  switch (block.kind) {
    case 'heading': {
      const Heading = (['h3', 'h4', 'h5', 'h6'] as const)[Math.min(block.level, 4) - 1]!;
      return <Heading key={index}>{block.text}</Heading>;
    }
    case 'paragraph':
      return <p key={index}>{block.text}</p>;
    case 'list':
      return (
        <ul key={index}>
          {block.items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>
      );
  }
}
