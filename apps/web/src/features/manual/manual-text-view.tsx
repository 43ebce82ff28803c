import { useQuery } from '@tanstack/react-query';
import type { TextBlock } from './manual-text.ts';
import { manualText, type PdfDocument } from './pdf-reading.ts';

const TEXT_LOADING = 'Preparing the text of the manual…';
const TEXT_FAILED = 'The text of this manual could not be read. Use the PDF pages, or download the manual.';
const TEXT_EMPTY = 'This manual holds no text to show here (its pages may be scanned images). Use the PDF pages, or download the manual.';

/**
 * 'Read as text': the manual as a web page, with its headings (h3 for the PDF's top level, as the manual's own title
 * is the h2 above) and paragraphs. It reflows to any width, follows the browser's text size and zoom, and the browser's
 * Find searches it. Read once per manual and kept while the page is open.
 */
export function ManualTextView({ pdf, url }: { pdf: PdfDocument; url: string }) {
  const text = useQuery({ queryKey: ['manual-text', url], queryFn: () => manualText(pdf), staleTime: Infinity, gcTime: Infinity, retry: false });
  return (
    <div className="manual-text">
      <p role="status" className={text.isPending ? 'manual-text-note' : 'visually-empty'}>
        {text.isPending ? TEXT_LOADING : null}
      </p>
      <p role="alert" className={text.isError ? 'notice notice-error' : 'visually-empty'}>
        {text.isError ? TEXT_FAILED : null}
      </p>
      {text.data?.length === 0 ? <p>{TEXT_EMPTY}</p> : null}
      {text.data?.length ? (
        <>
          <p className="manual-text-note">
            The manual&rsquo;s words, set as a web page: they fit your screen and follow your text size and zoom, and your browser&rsquo;s Find (Ctrl+F,
            or Command+F on a Mac) searches them.
          </p>
          <article className="manual-text-body">{text.data.map(renderBlock)}</article>
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
