import type { CDPSession, Page } from '@playwright/test';
import { noteWhatIsHeard } from './heard-in-page.ts';
import { CONTROL_ROLES, changeOf, contextOf, nameOf, phraseOf, roleOf, type AXNode } from './spoken-phrase.ts';

/** One thing said: a line of the transcript, and what the rules need to know of it. */
export interface Spoken {
  kind: 'page' | 'context' | 'focus' | 'live';
  text: string;
  /** A control said without a name. */
  unlabelled?: boolean;
}

/** The page's next note: an element as a node, a live region's words as JSON (see heard-in-page.ts). */
const NEXT_NOTE = '(() => { const note = window.spokenNext?.(); return note === undefined || note instanceof Element ? note : JSON.stringify(note); })()';
const OBJECT_GROUP = 'spoken';

/**
 * What a screen reader says as a keyboard user goes through the page. Focus is read from Chromium's own accessibility
 * tree (CDP's Accessibility domain), which is what NVDA reads; live regions as heard-in-page.ts notes them.
 *
 * The page's keyboard is wrapped: after each key press the page draws, and what was noted is read at once, before the
 * next key; typing waits until the field has been read, so a field is said as it was when focus reached it.
 */
export class ScreenReader {
  readonly spoken: Spoken[] = [];
  private context = new Set<number>();
  /** The node focus is on, as last read. */
  private focused: AXNode | undefined;

  private constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
  ) {}

  /** Listens on `page` from its next document on; call it before `page.goto`. */
  static async on(page: Page): Promise<ScreenReader> {
    await page.addInitScript(noteWhatIsHeard);
    const reader = new ScreenReader(page, await page.context().newCDPSession(page));
    await reader.cdp.send('Accessibility.enable');
    const { press, type } = page.keyboard;
    page.keyboard.press = async (key, options) => {
      await press.call(page.keyboard, key, options);
      await reader.listen();
    };
    page.keyboard.type = async (text, options) => {
      await reader.listen();
      await type.call(page.keyboard, text, options);
    };
    return reader;
  }

  /** The page as it opens: its title, as a screen reader says a document, and anything said while it loaded. */
  async pageOpened(): Promise<void> {
    this.say({ kind: 'page', text: `${await this.page.title()}, document` });
    await this.listen();
  }

  /** Lets the page draw, then takes down what was said. Call it after waiting for the outcome of a step. */
  async listen(): Promise<void> {
    await this.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))).catch(() => undefined);
    try {
      let focusMoved = false;
      for (;;) {
        const { result } = await this.cdp.send('Runtime.evaluate', { expression: NEXT_NOTE, objectGroup: OBJECT_GROUP });
        if (result.type === 'undefined') break;
        if (result.subtype === 'node' && result.objectId) {
          await this.sayFocus(result.objectId);
          focusMoved = true;
        } else if (typeof result.value === 'string') {
          const { live, text } = JSON.parse(result.value) as { live: string; text: string };
          this.say({ kind: 'live', text: `${live}: ${text}` });
        }
      }
      if (!focusMoved) await this.sayChangeOfFocused();
    } finally {
      await this.cdp.send('Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP }).catch(() => undefined);
    }
  }

  /** Says the containers focus entered (a dialog, a group, a landmark), then the focused node. */
  private async sayFocus(objectId: string): Promise<void> {
    const { node } = await this.cdp.send('DOM.describeNode', { objectId });
    const { nodes } = (await this.cdp.send('Accessibility.getPartialAXTree', { backendNodeId: node.backendNodeId, fetchRelatives: true })) as { nodes: AXNode[] };
    const focused = nodes.find((n) => n.backendDOMNodeId === node.backendNodeId);
    // Gone from the page, or hidden from screen readers, by the time it could be read: nothing is said.
    if (!focused || focused.ignored) return;
    const context = contextOf(focused, new Map(nodes.map((n) => [n.nodeId, n])));
    for (const container of context) {
      if (!this.context.has(container.backendDOMNodeId ?? -1)) this.say({ kind: 'context', text: phraseOf(container) });
    }
    // As NVDA does, the node focus leaves counts as entered too: focus moving from a dialog into its field says no dialog again.
    this.context = new Set([...context, focused].map((n) => n.backendDOMNodeId ?? -1));
    this.focused = focused;
    this.say({ kind: 'focus', text: phraseOf(focused), unlabelled: CONTROL_ROLES.has(roleOf(focused)) && nameOf(focused) === '' });
  }

  /** Focus stayed: NVDA says what changed on the focused control (checked, pressed, expanded, or a new name). */
  private async sayChangeOfFocused(): Promise<void> {
    const before = this.focused;
    if (before?.backendDOMNodeId === undefined) return;
    const { nodes } = (await this.cdp.send('Accessibility.getPartialAXTree', { backendNodeId: before.backendDOMNodeId, fetchRelatives: false }).catch(() => ({ nodes: [] }))) as { nodes: AXNode[] };
    const after = nodes.find((n) => n.backendDOMNodeId === before.backendDOMNodeId);
    if (!after || after.ignored) return;
    this.focused = after;
    const change = changeOf(before, after);
    if (change !== '') this.say({ kind: 'focus', text: change });
  }

  private say(spoken: Spoken): void {
    this.spoken.push(spoken);
  }
}
