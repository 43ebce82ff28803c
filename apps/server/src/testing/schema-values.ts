import fc from 'fast-check';

/** The part of JSON Schema (2020-12, as the OpenAPI document writes it) that values are generated from. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

/**
 * Text that is not what a person types, for every field, query, path part and header a request carries: half a UTF-16
 * character (a lone surrogate, issue #34 item 2), NUL, control and direction characters, names that mean something to
 * JavaScript, SQL or a file system, numbers that do not fit, 10 KB strings and whatever fast-check draws.
 */
const SPECIAL_TEXT = [
  '', ' ', '\u0000', 'a\u0000b', '\uD800', '\uDFFF', 'LIC-\uD800', '\uDBFF\uDBFF', 'x\uDC00y', '\u202Eevil', '\u200B', '\uFEFF', '\r\n', '\t',
  '__proto__', 'constructor', 'prototype', "x' OR '1'='1", '"; DROP TABLE users; --', '../../etc/passwd', '%00', '%', '%zz', '<script>alert(1)</script>',
  '0', '-1', '1e309', 'NaN', 'null', 'true', '[]', '{}', '00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'ｆｕｌｌｗｉｄｔｈ', 'क्ष', '👩‍👩‍👧‍👦',
];
const TEN_KB = 10 * 1024;

/** Half a UTF-16 character, high or low, alone or doubled, somewhere in otherwise ordinary text. */
const loneSurrogate = fc
  .tuple(fc.string({ maxLength: 12 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 12 }), fc.boolean())
  .map(([before, unit, after, doubled]) => `${before}${String.fromCharCode(unit).repeat(doubled ? 2 : 1)}${after}`)
  .filter((text) => /\p{Cs}/u.test(text));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: loneSurrogate },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_TEXT) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 })).map(([before, after]) => `${before}\u0000${after}`) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(TEN_KB), '😀'.repeat(TEN_KB / 4), '\uD800'.repeat(TEN_KB)) },
);

/** A JSON value of any type and shape, wrong for whatever the schema asked (or, by chance, right). */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    hostileText,
    fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53 + 1, 1e308, -0),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(hostileText, fc.constantFrom('__proto__', 'constructor')), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** JSON a parser must survive: nested far deeper than any body of ours, or an array of many values. */
export const deepJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1_000, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1_000, max: 10_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.integer({ min: 1_000, max: 5_000 }).map((count) => JSON.stringify(Array.from({ length: count }, (_, i) => i))),
);

export interface ValueSources {
  /** Whether a text a schema asks for is sometimes hostile text instead (the values then reach the rules hostile). */
  hostile?: boolean;
  /** Text that means something to the portal (the caller's e-mail, ids it holds), so some values pass the rules. */
  known: fc.Arbitrary<string>;
  /** Property names the document uses anywhere: the keys a loose object (`{ [key]: unknown }`) may be tried with. */
  keys: readonly string[];
  /** The bytes of a file field (`format: binary`). */
  file: fc.Arbitrary<Buffer>;
  /** `#/components/schemas/X` as its schema. */
  resolve(ref: string): JsonSchema | undefined;
}

/** At most this long, whatever a schema allows, so that a run stays small; hostile text brings the 10 KB strings. */
const LONGEST = 120;

function stringOf(schema: JsonSchema, sources: ValueSources): fc.Arbitrary<unknown> {
  if (schema.format === 'binary') return sources.file;
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, LONGEST));
  let fitting: fc.Arbitrary<string>;
  if (schema.format === 'uuid') fitting = fc.uuid();
  else if (schema.format === 'email') fitting = fc.emailAddress();
  else if (schema.pattern) fitting = fc.stringMatching(new RegExp(schema.pattern));
  else fitting = fc.string({ minLength, maxLength });
  return fc.oneof({ weight: 2, arbitrary: fitting }, { weight: 1, arbitrary: sources.known }, { weight: sources.hostile ? 3 : 0, arbitrary: hostileText });
}

function objectOf(schema: JsonSchema, sources: ValueSources): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueOf(property, sources)])),
    { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
  );
  const extra = schema.additionalProperties;
  if (extra === false || extra === undefined) return record;
  const key = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...sources.keys) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
  const values = extra === true ? hostileJson : valueOf(extra, sources);
  return fc.tuple(record, fc.dictionary(key, values, { maxKeys: 4 })).map(([known, more]) => ({ ...more, ...(known as object) }));
}

/** Values the schema allows (mostly: patterns and lengths are kept, cross-field rules are not known here). */
export function valueOf(schema: JsonSchema | undefined, sources: ValueSources): fc.Arbitrary<unknown> {
  if (!schema) return hostileJson;
  if (schema.$ref) return valueOf(sources.resolve(schema.$ref), sources);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => valueOf(choice, sources)));
  if (schema.allOf?.length) return valueOf(Object.assign({}, ...schema.allOf) as JsonSchema, sources);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema, sources);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(schema.items, sources), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 5) });
    case 'object':
      return objectOf(schema, sources);
    default:
      return schema.properties ? objectOf(schema, sources) : hostileJson;
  }
}

const KEEP = Symbol('keep');

/**
 * A value of the schema spoilt: each field hostile or not, a field missing, an unknown field, or the whole value of
 * another type. Most of a request then passes, and the spoilt part is what gets tested.
 */
export function spoiltValueOf(schema: JsonSchema | undefined, sources: ValueSources): fc.Arbitrary<unknown> {
  const fitting = valueOf(schema, sources);
  const asObject = (value: unknown) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
  const names = Object.keys(schema?.properties ?? {});
  const name = names.length ? fc.constantFrom(...names) : fc.constantFrom(...sources.keys);
  const hostileField = fc.oneof({ weight: 3, arbitrary: hostileText }, { weight: 1, arbitrary: hostileJson });
  const eachField = fc.tuple(fitting, fc.tuple(...names.map(() => fc.option(hostileField, { freq: 2, nil: KEEP })))).map(([value, spoilt]) => {
    const object = { ...asObject(value) };
    names.forEach((key, index) => {
      if (spoilt[index] !== KEEP) object[key] = spoilt[index];
    });
    return object;
  });
  return fc.oneof(
    { weight: names.length ? 5 : 0, arbitrary: eachField },
    { weight: 1, arbitrary: fc.tuple(fitting, name).map(([value, key]) => Object.fromEntries(Object.entries(asObject(value)).filter(([k]) => k !== key))) },
    { weight: 1, arbitrary: fc.tuple(fitting, hostileText, hostileJson).map(([value, key, bad]) => ({ ...asObject(value), [key]: bad })) },
    { weight: 1, arbitrary: hostileJson },
  );
}
