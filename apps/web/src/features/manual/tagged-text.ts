import type { TextBlock } from './manual-text.ts';

/**
 * A tagged PDF says itself what its text is: headings (H1 to H6, or H), paragraphs (P), lists (L of LI), tables,
 * figures with their alternative text. pdf.js gives that structure per page (getStructTree), whose leaves point at
 * marked runs of the page's text (getTextContent with includeMarkedContent). This turns the two into the blocks the
 * 'Read as text' view shows; null when the PDF is not tagged, or its tags hold no text.
 */

/** A structure element or a pointer to marked content, as pdf.js's getStructTree gives them. */
export interface StructNode {
  role?: string;
  type?: string;
  id?: string;
  alt?: string;
  children?: StructNode[];
}

/** One page: its structure tree (null when it has none) and the text of each marked-content id on it. */
export interface TaggedPage {
  tree: StructNode | null;
  texts: ReadonlyMap<string, string>;
}

const HEADING = /^H([1-6])?$/;
const BULLET = /^[•◦▪▫‣∙·●○■□*\-–—]\s*/u;

/** How a figure's alternative text is shown: 'Figure: …' (the viewer's words, in the page's language). */
export type FigureText = (alt: string) => string;
const englishFigure: FigureText = (alt) => `Figure: ${alt}`;

export function taggedTextBlocks(pages: readonly TaggedPage[], figure: FigureText = englishFigure): TextBlock[] | null {
  const blocks: TextBlock[] = [];
  for (const { tree, texts } of pages) if (tree) walk(tree, texts, blocks, figure);
  return blocks.length > 0 ? blocks : null;
}

function walk(node: StructNode, texts: ReadonlyMap<string, string>, blocks: TextBlock[], figure: FigureText): void {
  const role = node.role ?? '';
  const heading = role.match(HEADING);
  if (heading) return push(blocks, { kind: 'heading', level: Number(heading[1] ?? 1), text: textOf(node, texts) });
  if (role === 'L') {
    const items = (node.children ?? []).filter((child) => child.role === 'LI').map((item) => textOf(item, texts).replace(BULLET, ''));
    const kept = items.filter(Boolean);
    if (kept.length > 0) blocks.push({ kind: 'list', items: kept });
    return;
  }
  if (role === 'TR') return push(blocks, { kind: 'paragraph', text: (node.children ?? []).map((cell) => textOf(cell, texts)).filter(Boolean).join('; ') });
  if (role === 'Figure') return push(blocks, { kind: 'paragraph', text: node.alt ? figure(node.alt) : '' });
  const children = node.children ?? [];
  // A grouping element (Document, Sect, Div, Table…) holds other elements; anything else is one block of its text.
  if (children.some((child) => child.role !== undefined)) {
    for (const child of children) if (child.role !== undefined) walk(child, texts, blocks, figure);
    return;
  }
  push(blocks, { kind: 'paragraph', text: textOf(node, texts) });
}

function push(blocks: TextBlock[], block: Exclude<TextBlock, { kind: 'list' }>): void {
  if (block.text) blocks.push(block);
}

function textOf(node: StructNode, texts: ReadonlyMap<string, string>): string {
  const parts: string[] = [];
  const collect = (n: StructNode) => {
    if (n.type === 'content' && n.id) parts.push(texts.get(n.id) ?? '');
    for (const child of n.children ?? []) collect(child);
  };
  collect(node);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
