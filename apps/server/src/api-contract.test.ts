import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import Fastify, { type InjectOptions } from 'fastify';
import { messages } from '@seva/shared';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PATH, OPENAPI_PATH, registerApiContract } from './plugins/api-contract.ts';
import { routesOf } from './testing/routes-of.ts';
import { createTestApp, engines, type TestApp } from './testing/test-app.ts';

/** The contract's own routes: the document itself and the reference's page and files. */
const isContractRoute = (path: string) => path === OPENAPI_PATH || path === DOCS_PATH || path.startsWith(`${DOCS_PATH}/`);

const key = (method: string, path: string) => `${method} ${path.replace(/\/$/, '')}`;
/** Fastify's `:name` as OpenAPI's `{name}`; the document keeps a prefix's trailing slash as Fastify does. */
const documentPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

interface MediaType {
  schema?: Record<string, unknown>;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Operation {
  summary?: string;
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

describe.each(engines)('the published API contract on %s', (engine) => {
  let t: TestApp;
  let document: Document;
  let etag: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    document = res.json();
    etag = String(res.headers.etag);
  });
  afterAll(() => t.close());

  it('is a valid OpenAPI 3.1 document, public and revalidated by its ETag', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)).toEqual([]);
    expect(result.valid).toBe(true);

    const again = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(again.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(again.headers.etag).toBe(etag);
    const unchanged = await t.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('has every served route, with its answers and a valid example of each JSON answer', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const components = (document as { components?: { schemas?: Record<string, Record<string, unknown>> } }).components?.schemas ?? {};
    const resolve = (schema: Record<string, unknown> | undefined) => {
      const ref = typeof schema?.$ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(schema.$ref)?.[1] : undefined;
      return ref === undefined ? schema : components[ref];
    };
    const problems: string[] = [];
    const seen = new Set<string>();
    const described: string[] = [];
    for (const { method, path } of routesOf(t.app)) {
      if (isContractRoute(path)) continue;
      const route = key(method, path);
      if (seen.has(route)) continue;
      seen.add(route);
      const item = document.paths[documentPath(path)] ?? document.paths[`${documentPath(path)}/`];
      const operation = item?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${route} is not in the document`);
        continue;
      }
      const responses = Object.entries(operation.responses ?? {});
      // A 204 has no body to describe, nor a form's 303 (See Other): its description says what was done.
      const isDescribed = operation.summary !== undefined && responses.some(([status, answer]) => status === '204' || status === '303' || (status.startsWith('2') && answer.content));
      if (!isDescribed) {
        problems.push(`${route} has no summary or no described success`);
        continue;
      }
      described.push(route);
      for (const [status, answer] of responses) {
        for (const [type, media] of Object.entries(answer.content ?? {})) {
          const schema = resolve(media.schema);
          if (!schema) problems.push(`${route} ${status} ${type} has no schema`);
          // A picture or a stream has no JSON example to give.
          if (!schema || schema.format === 'binary' || schema.contentMediaType) continue;
          const examples = [
            ...(media.example === undefined ? [] : [media.example]),
            ...Object.values(media.examples ?? {}).map((e) => e.value),
            ...((schema.examples as unknown[] | undefined) ?? []),
          ];
          if (!examples.length) {
            problems.push(`${route} ${status} has no example`);
            continue;
          }
          const validate = ajv.compile(schema);
          for (const example of examples) if (!validate(example)) problems.push(`${route} ${status}: its example does not fit: ${ajv.errorsText(validate.errors)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The glasses' whole API is described (the firmware engineer's need).
    for (const glassesRoute of described.filter((r) => /^\w+ \/(oauth|device-api|face-api)\//.test(r))) expect(described).toContain(glassesRoute);
    expect(described.length).toBeGreaterThanOrEqual(17);
  });

  it('declares the refusals given before a route runs, where they can be given, and answers them so (issue #34)', async () => {
    const declared = (method: string, path: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {});
    const cases: Array<[string, string, InjectOptions, number, unknown]> = [
      ['post', '/api/auth/sign-in', { method: 'POST', url: '/api/auth/sign-in', payload: { licenseId: 'x'.repeat(70_000), password: 'p' } }, 413, { message: messages.bodyTooLarge }],
      ['post', '/api/auth/sign-in', { method: 'POST', url: '/api/auth/sign-in', payload: '<licenseId/>', headers: { 'content-type': 'application/xml' } }, 415, { message: 'This content type is not accepted.' }],
      ['post', '/api/auth/sign-out', { method: 'POST', url: '/api/auth/sign-out', payload: '{', headers: { 'content-type': 'application/json' } }, 400, { message: messages.malformedBody }],
      [
        'post',
        '/oauth/token',
        { method: 'POST', url: '/oauth/token', payload: 'grant_type=x', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } },
        403,
        { error: 'invalid_request', error_description: 'Requests from other sites are not accepted.' },
      ],
      ['delete', '/api/helpers/{id}', { method: 'DELETE', url: '/api/helpers/%E0%A4' }, 400, { message: 'This address is not valid.' }],
      ['get', '/face-api/image/{faceId}', { method: 'GET', url: `/face-api/image/${'a'.repeat(200)}` }, 414, { message: 'This address is too long.' }],
    ];
    for (const [method, path, request, status, answer] of cases) {
      const res = await t.app.inject(request);
      expect([res.statusCode, res.json()], `${method} ${path}`).toEqual([status, answer]);
      expect(declared(method, path), `${method} ${path}`).toContain(String(status));
    }
    // Only where they can be given: a read has no body to refuse, a path without parameters no part too long.
    expect(declared('get', '/api/contacts/')).not.toContain('413');
    expect(declared('post', '/api/auth/sign-in')).not.toContain('414');
  });

  it('covers the glasses, the face backend and the browser API', () => {
    const paths = Object.keys(document.paths);
    for (const prefix of ['/oauth/', '/device-api/', '/face-api/', '/api/']) expect(paths.some((p) => p.startsWith(prefix)), prefix).toBe(true);
  });

  it('serves the readable reference at /api/docs from its own files, under the pages\' policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    const scripts = [...page.body.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src, 'no file from elsewhere').not.toMatch(/^(https?:)?\/\//);
      const file = await t.app.inject({ method: 'GET', url: new URL(src, `http://portal${DOCS_PATH}/`).pathname });
      expect(file.statusCode, src).toBe(200);
    }
    // Every other API answer keeps the policy that allows nothing.
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});

describe('an answer written through its schema', () => {
  it('carries only the fields the schema declares, and refusals keep their details', async () => {
    const app = Fastify();
    await registerApiContract(app);
    const answer = z.object({ id: z.string() }).meta({ examples: [{ id: 'a' }] });
    const refusal = z.looseObject({ message: z.string() });
    app.get('/leaky', { schema: { response: { 200: answer, 400: refusal } } }, async (request, reply) => {
      if ((request.query as { fail?: string }).fail) return reply.status(400).send({ message: 'No.', field: 'name' });
      return { id: 'a', password_hash: 'secret' };
    });
    const ok = await app.inject({ method: 'GET', url: '/leaky' });
    expect(ok.json()).toEqual({ id: 'a' });
    const refused = await app.inject({ method: 'GET', url: '/leaky?fail=1' });
    expect(refused.json()).toEqual({ message: 'No.', field: 'name' });
    await app.close();
  });
});
