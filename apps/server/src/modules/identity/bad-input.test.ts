import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, newUserInput, type TestApp } from '../../testing/test-app.ts';

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string; json: () => unknown };

/** A 4xx JSON answer holding a message a person can read, and nothing from the server's insides. */
function expectClientError(res: Answer, status?: number): { message: string; field?: string } {
  if (status) expect(res.statusCode).toBe(status);
  expect(res.statusCode).toBeGreaterThanOrEqual(400);
  expect(res.statusCode).toBeLessThan(500);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = res.json() as { message: string; field?: string };
  expect(Object.keys(body).every((key) => ['message', 'field', 'code'].includes(key))).toBe(true);
  expect(body.message).toMatch(/\w/);
  expect(res.body).not.toMatch(/stack|node_modules|\.ts:\d+|\bat \w+ \(|Error:|SQLITE|syntax error|violates/i);
  return body;
}

const NOT_AN_OBJECT = 'The request body must be a JSON object.';
const NUL_REFUSED = 'This text contains a character that is not allowed.';

/** Every identity endpoint that reads a body, with a body it would accept. */
const endpoints: Array<[string, () => Record<string, string>]> = [
  ['/api/auth/sign-up', () => newUserInput()],
  ['/api/auth/sign-in', () => ({ licenseId: 'LIC-1', password: 'Blue-Cactus9!Lamp' })],
  ['/api/auth/resend-verification', () => ({ licenseId: 'LIC-1', password: 'Blue-Cactus9!Lamp' })],
  ['/api/auth/verify-email', () => ({ token: 'abc' })],
  ['/api/auth/request-password-reset', () => ({ email: 'asha@example.com' })],
  ['/api/auth/reset-password', () => ({ token: 'abc', password: 'Blue-Cactus9!Lamp', confirmPassword: 'Blue-Cactus9!Lamp' })],
];

describe.each(engines)('bad input to the identity endpoints on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const raw = (url: string, payload: string | undefined, contentType?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: contentType ? { 'content-type': contentType } : {} });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  describe.each(endpoints)('%s', (url, valid) => {
    it('answers malformed JSON with 400', async () => {
      for (const payload of ['{"licenseId":', '{licenseId: "x"}', "{'a':1}", '{"a":1,}', '\u0000']) {
        expect(expectClientError(await raw(url, payload, 'application/json'), 400).message).toBe('The request body is not valid JSON.');
      }
    });

    it('answers an empty JSON body with 400', async () => {
      expect(expectClientError(await raw(url, '', 'application/json'), 400).message).toBe('The request body is empty.');
    });

    it('answers a missing body with 400', async () => {
      expect(expectClientError(await raw(url, undefined), 400).message).toBe(NOT_AN_OBJECT);
    });

    it('answers JSON that is not an object with 400', async () => {
      for (const payload of ['[]', '[{}]', '5', '"text"', 'null', 'true']) {
        expect(expectClientError(await raw(url, payload, 'application/json'), 400).message).toBe(NOT_AN_OBJECT);
      }
    });

    it('refuses a prototype-polluting body with 400', async () => {
      const body = JSON.stringify(valid()).replace(/^\{/, '{"__proto__":{"role":"admin"},');
      expectClientError(await raw(url, body, 'application/json'), 400);
      const ctor = JSON.stringify(valid()).replace(/^\{/, '{"constructor":{"prototype":{"role":"admin"}},');
      expectClientError(await raw(url, ctor, 'application/json'), 400);
    });

    it('names the first missing field', async () => {
      const body = expectClientError(await post(url, {}), 400);
      expect(body.field).toBe(Object.keys(valid())[0]);
    });

    it('refuses unknown fields by name', async () => {
      expect(expectClientError(await post(url, { ...valid(), role: 'admin' }), 400)).toEqual({ message: 'Unknown field: role' });
    });

    it('refuses each field when missing or null, naming it', async () => {
      for (const key of Object.keys(valid())) {
        const { [key]: _dropped, ...rest } = valid();
        expect(expectClientError(await post(url, rest), 400).field).toBe(key);
        expect(expectClientError(await post(url, { ...valid(), [key]: null }), 400).field).toBe(key);
      }
    });

    it('refuses a number, array, object or boolean where text belongs', async () => {
      for (const key of Object.keys(valid())) {
        for (const value of [42, ['x'], { x: 'y' }, true, []]) {
          expect(expectClientError(await post(url, { ...valid(), [key]: value }), 400)).toEqual({ message: `${key} must be text.`, field: key });
        }
      }
    });

    it('answers a body over 64 KB with 413 and a clear message', async () => {
      const key = Object.keys(valid())[0]!;
      const res = await post(url, { ...valid(), [key]: 'x'.repeat(65 * 1024) });
      expect(expectClientError(res, 413).message).toBe('The request is too large.');
    });

    it('refuses bodies that are not JSON', async () => {
      expect(expectClientError(await raw(url, 'licenseId=LIC-1&password=x', 'application/x-www-form-urlencoded'), 415).message).toBe(
        'This content type is not accepted.',
      );
      expectClientError(await raw(url, '<licenseId>LIC-1</licenseId>', 'application/xml'));
      expectClientError(await raw(url, '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--\r\n', 'multipart/form-data; boundary=b'));
      expect(expectClientError(await raw(url, JSON.stringify(valid()), 'text/plain'), 400).message).toBe(NOT_AN_OBJECT);
    });
  });

  it.each([
    // Fields with a rule of their own say it (issue #11: names, license IDs and e-mails refuse control characters).
    ['/api/auth/sign-up', 'username', () => newUserInput({ username: 'Asha\u0000' }), 'This name contains a hidden control or text-direction character. Please type it again.'],
    ['/api/auth/sign-up', 'licenseId', () => newUserInput({ licenseId: 'LIC-\u0000-1' }), 'License ID can only contain letters, numbers and dashes'],
    ['/api/auth/sign-up', 'email', () => newUserInput({ email: 'as\u0000ha@example.com' }), 'Invalid email address'],
    ['/api/auth/sign-in', 'licenseId', () => ({ licenseId: 'LIC\u00001', password: 'x' }), NUL_REFUSED],
    ['/api/auth/resend-verification', 'licenseId', () => ({ licenseId: 'LIC\u00001', password: 'x' }), NUL_REFUSED],
    ['/api/auth/request-password-reset', 'email', () => ({ email: 'as\u0000ha@example.com' }), 'Please enter a valid email'],
    ['/api/auth/verify-email', 'token', () => ({ token: 'abc\u0000' }), NUL_REFUSED],
  ])('%s refuses a NUL character in %s with 400 (PostgreSQL cannot store it)', async (url, field, body, message) => {
    expect(expectClientError(await post(url, body()), 400)).toEqual({ message, field });
  });

  it('sign-out answers bad bodies with 4xx and otherwise ignores the body', async () => {
    const url = '/api/auth/sign-out';
    expect(expectClientError(await raw(url, '{', 'application/json'), 400).message).toBe('The request body is not valid JSON.');
    expect(expectClientError(await raw(url, JSON.stringify({ a: 'x'.repeat(65 * 1024) }), 'application/json'), 413).message).toBe(
      'The request is too large.',
    );
    expectClientError(await raw(url, 'a=b', 'application/x-www-form-urlencoded'), 415);
    expect((await raw(url, '[]', 'application/json')).statusCode).toBe(204);
  });

  it('answers unknown identity paths and wrong methods with 404 and a message', async () => {
    expect(expectClientError(await t.app.inject({ method: 'POST', url: '/api/auth/delete-everything', payload: {} }), 404)).toEqual({
      message: 'Not found.',
    });
    expectClientError(await t.app.inject({ method: 'GET', url: '/api/auth/sign-in' }), 404);
    expectClientError(await t.app.inject({ method: 'PUT', url: '/api/auth/sign-up', payload: newUserInput() }), 404);
  });

  it('created no account from any of it', async () => {
    expect(await t.infrastructure.database.db.selectFrom('users').select('uid').execute()).toHaveLength(0);
  });
});
