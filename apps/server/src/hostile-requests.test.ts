import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { pairGlasses } from './testing/paired-glasses.ts';
import { createTestApp, engines, signedInUser, type TestApp } from './testing/test-app.ts';

const MALFORMED_FORM = 'The form could not be read: it is incomplete or not a valid multipart form. Please send it again.';

/** The six routes that read multipart forms. */
const MULTIPART_ROUTES = [
  ['POST', '/face-api/get_all_faces'],
  ['POST', '/face-api/store_face'],
  ['PUT', '/face-api/update_face_name'],
  ['DELETE', '/face-api/delete_face'],
  ['POST', '/face-api/recognize'],
  ['POST', '/face-api/detect_faces'],
] as const;

const BROKEN_FORMS: Array<[string, string, string]> = [
  ['no boundary', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--x--\r\n'],
  ['a body cut off', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co'],
  ['no parts at all', 'multipart/form-data; boundary=x', 'hello, this is not a form'],
  ['a file cut off', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0'],
];

/** Sends raw bytes over a socket and answers everything the server writes until it closes the connection. */
function rawExchange(port: number, request: string, options: { end?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(request, 'latin1');
      if (options.end) socket.end();
    });
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(answer) : reject(error)));
  });
}

const statusOf = (answer: string) => Number(answer.match(/^HTTP\/1\.1 (\d{3})/)?.[1]);
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

describe.each(engines)('hostile requests on %s', (engine) => {
  let t: TestApp;
  let port: number;
  let cookie: string;
  const logLines: Array<{ level: number; msg: string }> = [];

  beforeAll(async () => {
    const logStream = new Writable({ write: (chunk, _encoding, done) => (logLines.push(JSON.parse(String(chunk))), done()) });
    t = await createTestApp(
      engine,
      { logLevel: 'info', http: { ...loadConfig({}).http, requestMs: 1500, headersMs: 1000 } },
      { logStream },
    );
    ({ cookie } = await signedInUser(t));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  const errorLines = () => logLines.filter((line) => line.level >= 50);
  const faceCount = async () => Number((await t.infrastructure.database.db.selectFrom('faces').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  describe.each(BROKEN_FORMS)('a multipart body with %s', (_label, contentType, body) => {
    it.each(MULTIPART_ROUTES)('gets 400 with a clear message from %s %s, and at most a warning in the log', async (method, url) => {
      const before = await faceCount();
      const errors = errorLines().length;
      const res = await t.app.inject({ method, url, payload: Buffer.from(body, 'latin1'), headers: { 'content-type': contentType, cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MALFORMED_FORM });
      expect(errorLines()).toHaveLength(errors);
      expect(await faceCount()).toBe(before);

      const anonymous = await t.app.inject({ method, url, payload: Buffer.from(body, 'latin1'), headers: { 'content-type': contentType } });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  it('answers an anonymous 5 MB upload with 401 before a byte of its body is sent, and closes the connection', async () => {
    const answer = await rawExchange(
      port,
      'POST /face-api/store_face HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 5242880\r\n\r\n',
    );
    expect(statusOf(answer)).toBe(401);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(bodyOf(answer)).toEqual({ message: 'Please sign in to continue.' });
  });

  it("answers a 5 MB upload from glasses not allowed to write faces with 403 insufficient_scope before its body, and closes the connection", async () => {
    const { token } = await pairGlasses(t, cookie, 'Reading frames');
    const answer = await rawExchange(
      port,
      `POST /face-api/store_face HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 5242880\r\n\r\n`,
    );
    expect(statusOf(answer)).toBe(403);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toMatch(/\r\nwww-authenticate: Bearer error="insufficient_scope", scope="faces:write"\r\n/i);
    expect(bodyOf(answer)).toMatchObject({ code: 'insufficient_scope' });
  });

  it('ends a signed-in upload whose body stops arriving, without an error in the log', async () => {
    const errors = errorLines().length;
    const answer = await rawExchange(
      port,
      `POST /face-api/store_face HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8`,
    );
    expect(answer === '' || statusOf(answer) < 500).toBe(true);
    expect(errorLines()).toHaveLength(errors);
  });

  it('leaves no error in the log when the client hangs up mid-form', async () => {
    const errors = errorLines().length;
    await rawExchange(
      port,
      `POST /face-api/store_face HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nab`,
      { end: true },
    );
    expect(errorLines()).toHaveLength(errors);
  });

  it("answers a path part over Fastify's limit with 414 in the portal's shape, without echoing it", async () => {
    for (const url of [`/face-api/image/${'a'.repeat(3000)}`, `/api/manuals/${'b'.repeat(3000)}/file`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode).toBe(414);
      expect(res.json()).toEqual({ message: 'This address is too long.' });
    }
  });

  it("answers a huge cookie with 431 and an address too long for the server with 414, in the portal's shape", async () => {
    const cookieAnswer = await rawExchange(port, `GET /api/profile HTTP/1.1\r\nHost: localhost\r\nCookie: big=${'c'.repeat(20_000)}\r\n\r\n`);
    expect(statusOf(cookieAnswer)).toBe(431);
    expect(bodyOf(cookieAnswer)).toEqual({ message: "The request's headers are too large. Clearing this site's cookies may help." });

    const pathAnswer = await rawExchange(port, `GET /api/${'p'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(statusOf(pathAnswer)).toBe(414);
    expect(bodyOf(pathAnswer)).toEqual({ message: 'This address is too long.' });

    const garbage = await rawExchange(port, 'HELLO\r\n\r\n');
    expect(statusOf(garbage)).toBe(400);
    expect(bodyOf(garbage)).toEqual({ message: 'The request could not be read.' });
  });
});
