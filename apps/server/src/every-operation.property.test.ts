import fs from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { GLASSES_SCOPES } from '@seva/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceFixture } from '../../../test-kit/test-data.ts';
import { signIn } from '../../../test-kit/sign-up-flow.ts';
import { TEST_PASSWORD } from '../../../test-kit/test-user.ts';
import { cookieOf, injectTransport } from '../../../test-kit/transport.ts';
import { SESSION_COOKIE } from './modules/sessions/cookie-http.ts';
import { OPENAPI_PATH } from './plugins/api-contract.ts';
import { wearerWithHelper } from './testing/helpers.ts';
import { declaredAnswer, operationsOf, requestsFor, type GeneratedRequest, type OpenApiDocument, type Operation } from './testing/operation-requests.ts';
import { pairGlasses } from './testing/paired-glasses.ts';
import type { JsonSchema, ValueSources } from './testing/schema-values.ts';
import { storeFacesDirectly } from './testing/stored-faces.ts';
import { createTestApp, engines, type TestApp } from './testing/test-app.ts';
import { hashToken } from './tokens.ts';

/**
 * Issue #34 item 10: every operation of the published contract (/api/openapi.json), sent requests generated from its
 * own schemas and from a hostile alphabet (half UTF-16 characters, NUL, 10 KB strings, deep JSON, wrong types,
 * repeated keys, odd content types, broken forms, hostile path ids, queries and headers, garbage credentials), by each
 * kind of caller: nobody, a signed-in wearer, a helper acting for them and their paired glasses. Every answer is below
 * 500 and one the operation declares, and a JSON answer fits the schema it declares for that status.
 *
 * Seeded and bounded: RUNS cases per operation and caller from SEED (EVERY_OPERATION_SEED and EVERY_OPERATION_RUNS
 * try others); a failure shows the request it sent. No operation is excluded. One that ends a caller (signing out,
 * deleting the account or the helper, unpairing the glasses, changing a password) is sent like every other, and the
 * callers are put back after it (signed in or paired again, or made afresh). The event stream is read until its
 * headers and then closed. The document's own routes (/api/openapi.json, /api/docs) are not operations it describes.
 */

const SEED = Number(process.env.EVERY_OPERATION_SEED ?? 340_010);
const RUNS = Number(process.env.EVERY_OPERATION_RUNS ?? 16);

type CallerKind = 'anonymous' | 'wearer' | 'helper' | 'glasses';
const CALLERS: CallerKind[] = ['anonymous', 'wearer', 'helper', 'glasses'];

/** Who calls, and what of theirs a request may name (so that some requests reach the rules past "not found"). */
interface Cast {
  wearer: { cookie: string; uid: string; licenseId: string };
  helper: { cookie: string; email: string };
  glasses: { token: string };
  known: string[];
}

const photo = fs.readFileSync(faceFixture('single', 'neutral.jpg'));
const ALL_SCOPES = Object.keys(GLASSES_SCOPES).join(' ');

/** A wearer with a helper, paired glasses allowed everything, a person with two photos, and the ids they have. */
async function newCast(t: TestApp): Promise<Cast> {
  const { wearer, helper, cookie: helperCookie } = await wearerWithHelper(t);
  const glasses = await pairGlasses(t, wearer.cookie, 'Property glasses', ALL_SCOPES);
  const [face] = await storeFacesDirectly({ db: t.infrastructure.database.db, blobs: t.infrastructure.blobs }, wearer.user.uid, [
    { name: 'Asha', image: photo, mime: 'image/jpeg', photos: 2 },
  ]);
  const read = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie: wearer.cookie } })).json() as Record<string, unknown>;
  const ids = (list: unknown) => (Array.isArray(list) ? list.map((item) => String((item as { id?: unknown }).id)) : []);
  const manual = await read('/api/manuals/latest');
  return {
    wearer: { cookie: wearer.cookie, uid: wearer.user.uid, licenseId: wearer.input.licenseId },
    helper: { cookie: helperCookie, email: helper.email },
    glasses: { token: glasses.token },
    known: [
      wearer.input.email, wearer.input.licenseId, wearer.input.username, helper.email, TEST_PASSWORD, wearer.user.uid, glasses.deviceId, glasses.userCode,
      face!.face_id, ...face!.photoIds, ...ids((await read('/api/account/sessions')).sessions), ...ids((await read('/api/helpers')).helpers),
      ...(typeof manual.id === 'string' ? [manual.id] : []), 'seva-glasses', 'urn:ietf:params:oauth:grant-type:device_code', 'faces:read events',
    ],
  };
}

/** Which callers still stand: a call may have signed one out, deleted the account, removed the helper or unpaired the glasses. */
async function standing(t: TestApp, cast: Cast) {
  const session = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json() as { user: { uid?: string } | null; helper?: unknown };
  const wearer = await session(cast.wearer.cookie);
  const helper = await session(cast.helper.cookie);
  return {
    wearer: wearer.user?.uid === cast.wearer.uid && wearer.helper === undefined,
    helper: helper.user?.uid === cast.wearer.uid && helper.helper !== undefined,
    glasses: (await t.services.devices.identify(hashToken(cast.glasses.token))) !== undefined,
  };
}

/**
 * Puts back the callers a call ended: signs the wearer or the helper in again and pairs the glasses again, or, when
 * that is not enough (the account deleted, a password changed, the helper removed), makes a new cast. Answers
 * whether anything had to be done.
 */
async function restore(t: TestApp, cast: Cast): Promise<boolean> {
  const stands = await standing(t, cast);
  if (stands.wearer && stands.helper && stands.glasses) return false;
  const send = injectTransport(t.app);
  try {
    if (!stands.wearer) cast.wearer.cookie = (await signIn(send, { licenseId: cast.wearer.licenseId, password: TEST_PASSWORD })).cookie;
    if (!stands.helper) {
      const answer = await send('POST', '/api/auth/helper/sign-in', { email: cast.helper.email, password: TEST_PASSWORD });
      cast.helper.cookie = answer.status === 200 ? cookieOf(answer) : '';
    }
    if (!stands.glasses) cast.glasses.token = (await pairGlasses(t, cast.wearer.cookie, 'Property glasses', ALL_SCOPES)).token;
  } catch {
    // Not signed in again or not paired: the checks below make a new cast.
  }
  const again = await standing(t, cast);
  if (!(again.wearer && again.helper && again.glasses)) Object.assign(cast, await newCast(t));
  return true;
}

/** The caller's own credentials. */
function credentials(cast: Cast, caller: CallerKind): Record<string, string> {
  if (caller === 'wearer') return { cookie: cast.wearer.cookie };
  if (caller === 'helper') return { cookie: cast.helper.cookie };
  if (caller === 'glasses') return { authorization: `Bearer ${cast.glasses.token}` };
  return {};
}

/** Credentials that are not: a broken token, another scheme, a forged or repeated session cookie, another site's page. */
const credentialNoise = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Record<string, string>>({}) },
  { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer ', 'Basic c2V2YTpzZXZh', 'Bearer a b', `Bearer ${'A'.repeat(300)}`, 'bearer x\u00e9').map((authorization) => ({ authorization })) },
  { weight: 1, arbitrary: fc.constantFrom(`${SESSION_COOKIE}=forged`, `${SESSION_COOKIE}=`, `${SESSION_COOKIE}=%E0%A4`, 'a=b; a=c', `${SESSION_COOKIE}=${'x'.repeat(5000)}`).map((cookie) => ({ cookie })) },
  { weight: 1, arbitrary: fc.constantFrom<Record<string, string>>({ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null', 'sec-fetch-site': 'same-origin' }) },
);

/** Joins two cookie headers as a browser would send both: the forged session beside the real one. */
function withNoise(own: Record<string, string>, noise: Record<string, string>): Record<string, string> {
  if (own.cookie && noise.cookie) return { ...own, cookie: `${noise.cookie}; ${own.cookie}` };
  return { ...own, ...noise };
}

const excerpt = (text: string | Buffer | undefined, length = 160) => {
  const shown = Buffer.isBuffer(text) ? `<${text.length} bytes>` : JSON.stringify(text ?? '');
  return shown.length > length ? `${shown.slice(0, length)}…(${shown.length})` : shown;
};

describe.each(engines)('every operation of the contract, by every caller, on %s', (engine) => {
  let t: TestApp;
  let cast: Cast;
  let operations: Operation[];
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const answer = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    document = answer.json();
    operations = operationsOf(document);
    cast = await newCast(t);
  });
  afterAll(() => t.close());

  it(`answers ${RUNS} generated requests per operation and caller within its declared answers, never 5xx`, async () => {
    console.log(`every-operation property test: seed ${SEED}, ${RUNS} runs per operation and caller (EVERY_OPERATION_SEED, EVERY_OPERATION_RUNS)`);
    const schemas = document.components?.schemas ?? {};
    const resolve = (ref: string) => schemas[ref.replace('#/components/schemas/', '')];
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const [name, schema] of Object.entries(schemas)) ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    const validators = new Map<JsonSchema, ValidateFunction>();
    const keys = [...new Set(JSON.stringify(document).match(/"properties":\{[^}]*/g)?.flatMap((block) => [...block.matchAll(/"(\w+)":\{/g)].map((m) => m[1]!)) ?? [])];
    const sources: ValueSources = {
      // Read when a value is drawn, so that callers made afresh are named too.
      known: fc.nat().map((index) => cast.known[index % cast.known.length]!),
      keys: keys.length ? keys : ['value'],
      file: fc.oneof(fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)), fc.constant(photo), fc.nat({ max: photo.length }).map((at) => photo.subarray(0, at))),
      resolve,
    };

    /** What is wrong with an answer, if anything: a 5xx, a status the operation does not declare, a JSON answer off its schema. */
    function offContract(operation: Operation, res: Pick<LightMyRequestResponse, 'statusCode' | 'headers'>, body: string): string | undefined {
      if (res.statusCode >= 500) return `answered ${res.statusCode}`;
      const declared = declaredAnswer(operation, res.statusCode);
      if (!declared) return `answered ${res.statusCode}, which it does not declare (it declares ${Object.keys(operation.responses).join(', ')})`;
      const schema = declared.content?.['application/json']?.schema as JsonSchema | undefined;
      if (!schema || !String(res.headers['content-type']).startsWith('application/json')) return undefined;
      const validate = validators.get(schema) ?? ajv.compile(schema.$ref ? { $ref: schema.$ref } : schema);
      validators.set(schema, validate);
      return validate(JSON.parse(body)) ? undefined : `answered ${res.statusCode} off its declared schema: ${ajv.errorsText(validate.errors)}`;
    }

    async function send(operation: Operation, caller: CallerKind, request: GeneratedRequest, noise: Record<string, string>) {
      const isStream = Object.keys(operation.responses['200']?.content ?? {}).includes('text/event-stream');
      const headers = { ...request.headers, ...withNoise(credentials(cast, caller), noise) };
      const res = await t.app.inject({ method: operation.method as 'GET', url: request.url, headers, ...(request.payload === undefined ? {} : { payload: request.payload }), payloadAsStream: isStream });
      let body = '';
      if (isStream && String(res.headers['content-type']).startsWith('text/event-stream')) res.raw.res.destroy();
      else body = isStream ? await new Response(res.stream() as unknown as ReadableStream).text() : res.body;
      return { res, body, headers };
    }

    const problems: string[] = [];
    const seen = new Map<string, number>();
    let restored = 0;
    for (const [index, operation] of operations.entries()) {
      const requests = fc.tuple(requestsFor(operation, sources), credentialNoise);
      for (const caller of CALLERS) {
        const seed = SEED + index * CALLERS.length + CALLERS.indexOf(caller);
        const property = fc.asyncProperty(requests, async ([request, noise]) => {
          const { res, body, headers } = await send(operation, caller, request, noise);
          const status = `${res.statusCode}`;
          seen.set(status, (seen.get(status) ?? 0) + 1);
          if (operation.method !== 'GET' && (await restore(t, cast))) restored += 1;
          const problem = offContract(operation, res, body);
          if (problem) throw new Error(`${problem}: ${excerpt(body, 300)}\n  sent ${operation.method} ${excerpt(request.url)} ${excerpt(JSON.stringify(headers))} body ${excerpt(request.payload)}`);
        });
        const details = await fc.check(property, { seed, numRuns: RUNS, endOnFailure: true });
        if (details.failed) problems.push(`${operation.method} ${operation.path} as ${caller} (seed ${seed}, path ${details.counterexamplePath}): ${(details.errorInstance as Error | undefined)?.message}`);
      }
    }
    console.log(`statuses seen: ${JSON.stringify(Object.fromEntries([...seen].sort()))}; callers put back after ${restored} calls`);
    expect(problems).toEqual([]);
    // The requests reached the rules, not only the door: successes and refusals other than "who are you?".
    expect([...seen.keys()].filter((status) => status.startsWith('2')).length).toBeGreaterThan(1);
    expect([...seen.keys()].filter((status) => status.startsWith('4') && status !== '401').length).toBeGreaterThan(4);
  }, Math.max(115_000, RUNS * 7_500));
});
