/**
 * What a pair of glasses may do with its token (OAuth 2.0 scopes, RFC 6749 §3.3): the glasses ask for them when they
 * start pairing (RFC 8628 §3.1 `scope`), /pair and the pairing e-mail say them in these words, and the server refuses
 * every call outside them with 403 insufficient_scope (RFC 6750 §3.1).
 */
export const GLASSES_SCOPES = {
  'faces:read': /*i18n*/ 'the names of your faces and their face descriptions (not the pictures), to recognise people',
  'faces:images': /*i18n*/ 'the pictures of your faces',
  'faces:write': /*i18n*/ 'add, rename and delete your faces',
  'contacts:read': /*i18n*/ 'your emergency contacts',
  events: /*i18n*/ 'a live notice when any of these change, so they sync at once',
  features: /*i18n*/ 'the download links of the SEVA features, and report which ones the glasses run',
} as const;

export type GlassesScope = keyof typeof GLASSES_SCOPES;

/** What glasses that ask for nothing get: exactly what sync, recognition, the event stream and installed features need. */
export const DEFAULT_GLASSES_SCOPES: readonly GlassesScope[] = ['faces:read', 'contacts:read', 'events', 'features'];

const ORDER = Object.keys(GLASSES_SCOPES) as GlassesScope[];

const isGlassesScope = (name: string): name is GlassesScope => Object.hasOwn(GLASSES_SCOPES, name);

/**
 * A `scope` parameter (space-separated, RFC 6749 §3.3) as the list of scopes it names, in a fixed order and without
 * repeats; blank or absent: the default. Answers the first unknown name instead when there is one.
 */
export function readGlassesScopes(input: string | undefined): { scopes: GlassesScope[] } | { unknown: string } {
  const names = (input ?? '').split(' ').filter((name) => name !== '');
  if (names.length === 0) return { scopes: [...DEFAULT_GLASSES_SCOPES] };
  const unknown = names.find((name) => !isGlassesScope(name));
  if (unknown !== undefined) return { unknown };
  return { scopes: ORDER.filter((scope) => names.includes(scope)) };
}

/** Scopes as stored and as the token endpoint answers them: space-separated. */
export const scopeText = (scopes: readonly GlassesScope[]) => scopes.join(' ');

/** A stored scope text back as its list; names this version does not know are dropped. */
export const scopesOf = (text: string): GlassesScope[] => ORDER.filter((scope) => text.split(' ').includes(scope));

/** The plain words for each scope, as /pair and the pairing e-mail list them. */
export const scopeWords = (scopes: readonly GlassesScope[]): string[] => scopes.map((scope) => GLASSES_SCOPES[scope]);
