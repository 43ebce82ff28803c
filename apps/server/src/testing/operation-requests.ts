import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { BODY_LIMIT } from '../config.ts';
import { deepJsonText, hostileJson, hostileText, spoiltValueOf, valueOf, type JsonSchema, type ValueSources } from './schema-values.ts';

interface MediaType {
  schema?: JsonSchema;
}

/** One operation of the OpenAPI document: a method on a path, what it reads and what it may answer. */
export interface Operation {
  method: string;
  /** The document's path, parameters as `{name}`. */
  path: string;
  parameters: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** Every operation the document describes, in its order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ ...operation, parameters: operation.parameters ?? [], method: method.toUpperCase(), path })),
  );
}

/** The answer the operation declares for `status`: the status itself, its range (`4XX`) or `default`. */
export function declaredAnswer(operation: Operation, status: number) {
  const { responses } = operation;
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

/** A request before its caller's credentials: the address, headers and body. */
export interface GeneratedRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const LONE_SURROGATE = /([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/;

/**
 * Text as bytes, a lone surrogate (which UTF-8 cannot hold) written as the three bytes a careless encoder writes for
 * it (WTF-8: U+D800 is ED A0 80), which are not UTF-8 at all: what a client that encodes by hand may send.
 */
function bytesOf(text: string): Buffer {
  return Buffer.concat(
    text.split(LONE_SURROGATE).map((part, index) => {
      if (index % 2 === 0) return Buffer.from(part);
      const unit = part.charCodeAt(0);
      return Buffer.from([0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]);
    }),
  );
}

/** A part of a URL, percent-encoded from `bytesOf`; a `raw:` text is sent as it is (`%`, `%zz`, an overlong encoding). */
function urlPart(text: string): string {
  if (text.startsWith('raw:')) return text.slice(4);
  return [...bytesOf(text)].map((byte) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}
const RAW_URL_PARTS = ['raw:%', 'raw:%zz', 'raw:%C0%AF', 'raw:%E0%A4', 'raw:%00', 'raw:..', 'raw:%2e%2e', 'raw:%2F', 'raw:a;b', 'raw:%FF%FE'];
const urlText = (fitting: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 3, arbitrary: fitting.map((value) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '')) },
    { weight: 2, arbitrary: hostileText },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_PARTS) },
  );

/** Header text as HTTP carries it: visible Latin-1 and spaces (a parser refuses control characters before any route). */
const headerChar = fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((code) => String.fromCharCode(code));
const headerText = fc.oneof(fc.string({ unit: headerChar, maxLength: 60 }), fc.constant('x'.repeat(10 * 1024)));

/** Headers a client may add whatever the operation: each rarely, so most requests reach the route's own rules. */
const oddHeader = (name: string, ...typical: string[]) => (typical.length ? fc.oneof(headerText, fc.constantFrom(...typical)) : headerText).map((value) => [name, value] as const);
const oddHeaders = fc
  .array(
    fc.oneof(
      oddHeader('accept-language', 'hi', 'hi-IN,en;q=0.5', 'en;q=x', '*'),
      oddHeader('accept', 'text/event-stream', 'application/xml', '*/*'),
      oddHeader('range', 'bytes=0-10', 'bytes=999999999-', 'bytes=5-1', 'bytes=-0', 'bytes=0-1,3-4', 'items=0-1'),
      oddHeader('if-none-match', '*'),
      oddHeader('last-event-id'),
      oddHeader('x-forwarded-for', '1.2.3.4', '::1, 10.0.0.1', 'unknown'),
      oddHeader('user-agent'),
    ),
    { maxLength: 2 },
  )
  .map((pairs) => Object.fromEntries(pairs));

const ODD_CONTENT_TYPES = [
  'text/plain', 'text/plain; charset=utf-8', 'application/xml', 'application/json; charset=utf-16', 'application/json;', 'APPLICATION/JSON', 'application/json, text/plain',
  'application/vnd.api+json', 'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/mixed; boundary=x', 'application/x-www-form-urlencoded',
  'image/png', 'application/octet-stream', '*/*', 'text/html', '', ';;;', 'application/json; charset=latin1; x=\u00e9',
];

const textOf = (value: unknown) => (typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('latin1') : (JSON.stringify(value) ?? ''));
const entriesOf = (value: unknown): Array<[string, unknown]> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [['value', value]]);

interface Body {
  payload?: string | Buffer;
  contentType?: string;
}

type Breakage = 'none' | 'cut' | 'wrong-boundary' | 'no-end' | 'bad-part-header' | 'repeated-field';
function multipartBody(value: unknown, breakage: Breakage, cut: number): Required<Body> {
  const boundary = `----property${randomUUID()}`;
  const fields = entriesOf(value);
  if (breakage === 'repeated-field' && fields[0]) fields.push(fields[0]);
  const parts = fields.map(([name, field]) => {
    const safeName = name.replace(/["\r\n]/g, '_');
    if (!Buffer.isBuffer(field)) return Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${safeName}"\r\n\r\n`), bytesOf(textOf(field)), Buffer.from('\r\n')]);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${safeName}"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    return Buffer.concat([Buffer.from(head), field, Buffer.from('\r\n')]);
  });
  if (breakage === 'bad-part-header') parts.push(Buffer.from(`--${boundary}\r\nthis is not a header\r\n\r\nvalue\r\n`));
  if (breakage !== 'no-end') parts.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(parts);
  if (breakage === 'cut') payload = payload.subarray(0, cut % (payload.length + 1));
  return { payload, contentType: `multipart/form-data; boundary=${breakage === 'wrong-boundary' ? 'something-else' : boundary}` };
}

/** More than the 5 MB a picture may be. */
const OVER_FILE_LIMIT = Buffer.alloc(5 * 1024 * 1024 + 1, 0xff);

/** A value written as the media type says: JSON, a form, or a multipart form (possibly broken). */
function encoded(mediaType: string, value: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  if (mediaType.startsWith('multipart/')) {
    return fc
      .tuple(value, fc.constantFrom<Breakage>('none', 'none', 'none', 'cut', 'wrong-boundary', 'no-end', 'bad-part-header', 'repeated-field'), fc.nat())
      .map(([fields, breakage, cut]) => multipartBody(fields, breakage, cut));
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    return value.map((fields) => ({ payload: entriesOf(fields).map(([name, field]) => `${urlPart(name)}=${urlPart(textOf(field))}`).join('&'), contentType: mediaType }));
  }
  return value.map((json) => ({ payload: JSON.stringify(json) ?? 'null', contentType: mediaType }));
}

/** JSON text that parses to something odd, or not at all: repeated keys, deep nesting, a cut, a wrong top-level type. */
function oddJson(schema: JsonSchema | undefined, sources: ValueSources): fc.Arbitrary<Body> {
  const fitting = valueOf(schema, sources);
  const duplicated = fc.tuple(fitting, fc.constantFrom(...Object.keys(schema?.properties ?? { value: 0 })), hostileJson, fc.boolean()).map(([value, key, bad, badLast]) => {
    const good = JSON.stringify(value) ?? '{}';
    const extra = `${JSON.stringify(key)}:${JSON.stringify(bad) ?? 'null'}`;
    if (!good.startsWith('{') || good === '{}') return `{${extra}}`;
    return badLast ? `${good.slice(0, -1)},${extra}}` : `{${extra},${good.slice(1)}`;
  });
  const cut = fc.tuple(fitting, fc.nat(), fc.constantFrom('', ',', '}', '"', '\\', '\\u', '\u0000')).map(([value, at, tail]) => {
    const text = JSON.stringify(value) ?? '';
    return text.slice(0, at % (text.length + 1)) + tail;
  });
  const text = fc.oneof(duplicated, deepJsonText, cut, fc.constantFrom('', ' ', 'null', '"text"', '[]', '0', '\uFEFF{}', '{"a":1}garbage', '{"\\ud800":1}', '{"a":"\\u0000"}'));
  return text.map((payload) => ({ payload, contentType: 'application/json' }));
}

/**
 * Any of the request's bodies: as declared (fitting, with hostile text in its fields, or spoilt), odd JSON, under an
 * odd content type, too large, or none.
 */
function bodies(operation: Operation, sources: ValueSources): fc.Arbitrary<Body> {
  const declared = Object.entries(operation.requestBody?.content ?? {});
  const jsonSchema = declared.find(([type]) => type === 'application/json')?.[1].schema ?? declared[0]?.[1].schema;
  const mixed = { ...sources, hostile: true };
  const anyDeclared = declared.map(([type, media]) =>
    fc.oneof(
      { weight: 1, arbitrary: encoded(type, valueOf(media.schema, sources)) },
      { weight: 6, arbitrary: encoded(type, valueOf(media.schema, mixed)) },
      { weight: 2, arbitrary: encoded(type, spoiltValueOf(media.schema, sources)) },
    ),
  );
  const oddType = fc
    .tuple(fc.oneof(...anyDeclared, encoded('application/json', hostileJson)), fc.constantFrom<string | undefined>(...ODD_CONTENT_TYPES, undefined))
    .map(([body, contentType]): Body => ({ payload: body.payload ?? '', ...(contentType === undefined ? {} : { contentType }) }));
  const tooLarge = fc.constantFrom('application/json', ...declared.map(([type]) => type)).map((type): Body =>
    type.startsWith('multipart/') ? multipartBody({ file: OVER_FILE_LIMIT }, 'none', 0) : { payload: JSON.stringify({ value: 'x'.repeat(BODY_LIMIT) }), contentType: type },
  );
  return fc.oneof(
    { weight: declared.length ? 1 : 6, arbitrary: fc.constant<Body>({}) },
    ...anyDeclared.map((arbitrary) => ({ weight: 9, arbitrary })),
    { weight: 2, arbitrary: oddJson(jsonSchema, sources) },
    { weight: 2, arbitrary: oddType },
    { weight: 1, arbitrary: tooLarge },
  );
}

/** The query: each declared parameter fitting, hostile or absent, sometimes repeated, sometimes with one not declared. */
function queries(operation: Operation, sources: ValueSources): fc.Arbitrary<string> {
  const declared = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pairs = declared.map((parameter) => fc.option(fc.array(urlText(valueOf(parameter.schema, sources)), { minLength: 1, maxLength: 2 }).map((values) => values.map((value) => [parameter.name, value])), { nil: [] }));
  const unknown = fc.option(fc.tuple(hostileText, hostileText).map((pair) => [pair]), { nil: [] });
  return fc.tuple(...pairs, unknown).map((lists) => {
    const all = (lists as Array<Array<[string, string]>>).flat();
    return all.length ? `?${all.map(([name, value]) => `${urlPart(name)}=${urlPart(value)}`).join('&')}` : '';
  });
}

/** The address with each path parameter filled (never empty: an empty part is another address). */
function addresses(operation: Operation, sources: ValueSources): fc.Arbitrary<string> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const schemaOf = (name: string) => operation.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema;
  const values = names.map((name) => urlText(valueOf(schemaOf(name), sources)).filter((value) => value !== ''));
  return fc.tuple(...values).map((filled) => names.reduce((path, name, index) => path.replace(`{${name}}`, urlPart(filled[index]!)), operation.path));
}

/** Every request the operation might be sent, before credentials: address, query, headers and body. */
export function requestsFor(operation: Operation, sources: ValueSources): fc.Arbitrary<GeneratedRequest> {
  return fc.record({ path: addresses(operation, sources), query: queries(operation, sources), headers: oddHeaders, body: bodies(operation, sources) }).map(({ path, query, headers, body }) => ({
    url: path + query,
    headers: { ...headers, ...(body.contentType === undefined ? {} : { 'content-type': body.contentType }) },
    ...(body.payload === undefined ? {} : { payload: body.payload }),
  }));
}
