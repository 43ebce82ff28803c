/** The part of a node of CDP's Accessibility domain (Chromium's own accessibility tree) read here. */
export interface AXNode {
  nodeId: string;
  ignored: boolean;
  role?: { value?: unknown };
  name?: { value?: unknown };
  description?: { value?: unknown };
  value?: { value?: unknown };
  properties?: { name: string; value: { value?: unknown } }[];
  parentId?: string;
  backendDOMNodeId?: number;
}

/** Chromium's roles in the words NVDA says for them; a role not listed is said as Chromium names it. */
const ROLE_WORDS: Record<string, string> = {
  textbox: 'edit',
  searchbox: 'edit',
  combobox: 'combo box',
  checkbox: 'check box',
  radio: 'radio button',
  group: 'grouping',
  radiogroup: 'grouping',
  alertdialog: 'alert dialog',
  menuitem: 'menu item',
  tablist: 'tab control',
  navigation: 'navigation landmark',
  main: 'main landmark',
  banner: 'banner landmark',
  contentinfo: 'content info landmark',
  complementary: 'complementary landmark',
  search: 'search landmark',
  form: 'form landmark',
  region: 'region',
  toggleButton: 'toggle button',
  PopUpButton: 'combo box',
};

/** Roles a user acts on: said without a name, they leave the user guessing. */
export const CONTROL_ROLES = new Set(['button', 'toggleButton', 'link', 'textbox', 'searchbox', 'combobox', 'PopUpButton', 'checkbox', 'radio', 'menuitem', 'tab', 'slider', 'spinbutton', 'switch']);

/** Containers NVDA names as focus enters them. A group or region without a name is not said. */
const CONTEXT_ROLES = new Set(['dialog', 'alertdialog', 'group', 'radiogroup', 'menu', 'tablist', 'navigation', 'main', 'banner', 'contentinfo', 'complementary', 'search', 'form', 'region']);
const SAID_ONLY_WITH_A_NAME = new Set(['group', 'form', 'region']);

const property = (node: AXNode, name: string): unknown => node.properties?.find((p) => p.name === name)?.value.value;

const STATE_WORDS: Record<string, Record<string, string>> = {
  checked: { true: 'checked', false: 'not checked', mixed: 'half checked' },
  pressed: { true: 'pressed', false: 'not pressed', mixed: 'half pressed' },
  expanded: { true: 'expanded', false: 'collapsed' },
};
/** The states NVDA says again when they change on the focused control. */
const CHANGING_STATES = Object.keys(STATE_WORDS);
const stateWord = (node: AXNode, name: string): string => {
  const value = property(node, name);
  return value === undefined ? '' : (STATE_WORDS[name]![String(value)] ?? String(value));
};

/** The states NVDA says after the role, in its words. */
function statesOf(node: AXNode): string[] {
  const states: string[] = [];
  const level = property(node, 'level');
  if (node.role?.value === 'heading' && level !== undefined) states.push(`level ${level}`);
  states.push(...CHANGING_STATES.map((name) => stateWord(node, name)));
  // A <select> has a menu too: NVDA says only 'combo box' for it.
  if (property(node, 'hasPopup') === 'menu' && node.role?.value !== 'combobox') states.push('submenu');
  if (property(node, 'selected') === true && node.role?.value === 'tab') states.push('selected');
  if (property(node, 'disabled') === true) states.push('unavailable');
  if (property(node, 'readonly') === true) states.push('read only');
  if (property(node, 'required') === true) states.push('required');
  const invalid = property(node, 'invalid');
  if (invalid !== undefined && invalid !== 'false') states.push('invalid entry');
  if (property(node, 'busy') === true) states.push('busy');
  return states.filter((state) => state !== '');
}

/**
 * What NVDA says when the focused control changes under it (a box checked, a button pressed, an option chosen with an
 * arrow key): its new name, states and value. A text field's value is what was typed: not said again.
 */
export function changeOf(before: AXNode, after: AXNode): string {
  const name = nameOf(after) === nameOf(before) ? '' : nameOf(after);
  const states = CHANGING_STATES.filter((state) => stateWord(before, state) !== stateWord(after, state)).map((state) => stateWord(after, state));
  const value = roleOf(after) === 'textbox' || valueOf(after) === valueOf(before) ? '' : valueOf(after);
  return [name, ...states, value].filter((part) => part !== '').join(', ');
}

export const nameOf = (node: AXNode): string => String(node.name?.value ?? '').trim();
export const roleOf = (node: AXNode): string => String(node.role?.value ?? '');
const valueOf = (node: AXNode): string => String(node.value?.value ?? '').trim();

/** What NVDA says of a node: name, role, states, value (when it is not the name) and description. */
export function phraseOf(node: AXNode): string {
  const name = nameOf(node);
  const role = roleOf(node);
  const value = valueOf(node);
  const description = String(node.description?.value ?? '').trim();
  return [name, ROLE_WORDS[role] ?? role, ...statesOf(node), value === name ? '' : value, description].filter((part) => part !== '').join(', ');
}

/** The containers of `node` (outermost first) NVDA names as focus enters them. */
export function contextOf(node: AXNode, byId: Map<string, AXNode>): AXNode[] {
  const context: AXNode[] = [];
  for (let parent = node.parentId ? byId.get(node.parentId) : undefined; parent; parent = parent.parentId ? byId.get(parent.parentId) : undefined) {
    const role = roleOf(parent);
    if (parent.ignored || !CONTEXT_ROLES.has(role)) continue;
    if (SAID_ONLY_WITH_A_NAME.has(role) && nameOf(parent) === '') continue;
    context.unshift(parent);
  }
  return context;
}
