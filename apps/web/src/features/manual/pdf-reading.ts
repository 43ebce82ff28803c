import { pdfjs, type DocumentProps, type TextItem, type TextMarkedContent } from 'react-pdf';
import { manualTextBlocks, type OutlineEntry, type TextBlock, type TextRun } from './manual-text.ts';
import { taggedTextBlocks, type FigureText, type StructNode, type TaggedPage } from './tagged-text.ts';

/** The open PDF, as react-pdf's Document hands it over (pdf.js's PDFDocumentProxy). */
export type PdfDocument = Parameters<NonNullable<DocumentProps['onLoadSuccess']>>[0];

/** What the manual says about itself: its title, when it was made and its language, when its metadata has them. */
export interface ManualInfo {
  pageCount: number;
  title: string | null;
  created: Date | null;
  /**
   * The language the PDF declares (its catalog's /Lang, a BCP 47 tag): the manual's words are marked with it, so a
   * screen reader reading a Hindi page says an English manual with an English voice (the manual is not translated).
   */
  language: string | null;
}

/** The title (XMP dc:title, else the Info dictionary's Title), CreationDate and /Lang, as pdf.js's own viewer reads them. */
export async function manualInfo(pdf: PdfDocument): Promise<ManualInfo> {
  const info: ManualInfo = { pageCount: pdf.numPages, title: null, created: null, language: null };
  try {
    const { info: dictionary, metadata } = await pdf.getMetadata();
    const fields = dictionary as { Title?: unknown; CreationDate?: unknown; Language?: unknown };
    const title = metadata?.get('dc:title') || (typeof fields.Title === 'string' ? fields.Title : '');
    info.title = typeof title === 'string' && title.trim() ? title.trim() : null;
    info.created = typeof fields.CreationDate === 'string' ? pdfjs.PDFDateString.toDateObject(fields.CreationDate) : null;
    info.language = typeof fields.Language === 'string' && isLanguageTag(fields.Language) ? fields.Language : null;
  } catch {
    // Metadata that cannot be read is as good as none: the page falls back to the file name and date.
  }
  return info;
}

/** A well-formed language tag ('en-GB', 'hi'), so a PDF's stray /Lang never reaches `lang` unchecked. */
function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

const isTextItem = (item: object): item is TextItem => 'str' in item;

/**
 * The manual's words as headings, paragraphs and lists: from its tags when the PDF is tagged, otherwise rebuilt from
 * the size and place of its text (with its outline's help). `figure` says a figure's alternative text.
 */
export async function manualText(pdf: PdfDocument, figure?: FigureText): Promise<TextBlock[]> {
  const pages: TextRun[][] = [];
  const tagged: TaggedPage[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const page = await pdf.getPage(number);
    const [content, tree] = await Promise.all([page.getTextContent({ includeMarkedContent: true }), page.getStructTree().catch(() => null)]);
    pages.push(
      content.items.filter(isTextItem).map((item) => {
        const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
        return { str: item.str, x, y, width: item.width, size: Math.hypot(c, d), hasEOL: item.hasEOL };
      }),
    );
    tagged.push({ tree: (tree as StructNode | null) ?? null, texts: markedTexts(content.items) });
  }
  const fromTags = taggedTextBlocks(tagged, figure);
  if (fromTags) return fromTags;
  const outline = await pdf.getOutline().catch(() => null);
  return manualTextBlocks(pages, toOutline(outline ?? []));
}

/** The text inside each marked-content id of a page (what the structure tree's leaves point at). */
function markedTexts(items: ReadonlyArray<TextItem | TextMarkedContent>): Map<string, string> {
  const texts = new Map<string, string>();
  const open: Array<string | undefined> = [];
  for (const item of items) {
    if (isTextItem(item)) {
      const id = open.findLast((candidate) => candidate !== undefined);
      if (id) texts.set(id, `${texts.get(id) ?? ''}${item.str}${item.hasEOL ? ' ' : ''}`);
    } else if (item.type === 'endMarkedContent') {
      open.pop();
    } else {
      open.push(item.id ?? undefined);
    }
  }
  return texts;
}

function toOutline(items: ReadonlyArray<{ title: string; items: unknown }>): OutlineEntry[] {
  return items.map((item) => ({ title: item.title, items: Array.isArray(item.items) ? toOutline(item.items) : [] }));
}
