import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { portalOverHttp, signedInUser } from '../../../../test-kit/sign-up-flow.ts';
import { isChanged, openEventStream } from '../testing/event-stream.ts';
import { faceCall, onePersonPhoto } from '../testing/face-calls.ts';
import { pairGlassesOverHttp } from '../testing/paired-glasses.ts';
import { startPortalProcess, type PortalProcess } from '../testing/portal-process.ts';

/** A raw connection to the portal: `sent` is written at once, then the client says nothing more. */
async function rawClient(portal: PortalProcess, sent: string): Promise<{ socket: net.Socket; closed: Promise<string> }> {
  const socket = net.connect(portal.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  if (sent) socket.write(sent);
  return { socket, closed };
}

/** A request whose headers promise a body that never comes in full. */
const stalledUpload = (cookie: string) =>
  `PUT /api/contacts HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"primary":{"na`;

describe('graceful shutdown of the real server', () => {
  const started: PortalProcess[] = [];
  afterAll(async () => {
    for (const portal of started) {
      await portal.crash();
      fs.rmSync(portal.dataDir, { recursive: true, force: true });
    }
  });

  it('on SIGTERM finishes a face being analysed, closes idle and stalled connections and exits 0 within 10 s', async () => {
    const portal = await startPortalProcess({ env: { LOG_LEVEL: 'debug' } });
    started.push(portal);
    const { user, cookie } = await signedInUser(portalOverHttp(portal));
    const photo = onePersonPhoto();
    const store = (name: string) => faceCall(portal.url, cookie, 'POST', 'store_face', { name, email: user.email, face_id: randomUUID() }, photo);
    expect((await store('Warm-up')).status).toBe(200);

    const silent = await rawClient(portal, '');
    const stalled = await rawClient(portal, stalledUpload(cookie));
    await portal.waitForOutput(/"url":"\/api\/contacts"/);

    const arrived = portal.waitForOutput(/"url":"\/face-api\/store_face"/);
    const inFlight = store('Leonard');
    await arrived;
    const signalled = performance.now();
    const exited = portal.terminate();

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ name: 'Leonard' });
    await expect(fetch(`${portal.url}/api/health`)).rejects.toThrow();
    expect(await silent.closed).toBe('');
    await stalled.closed;
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalled).toBeLessThan(10_000);

    // The face stored during the shutdown is there after a restart.
    const again = await startPortalProcess({ dataDir: portal.dataDir });
    started.push(again);
    const listed = await faceCall(again.url, cookie, 'POST', 'get_all_faces', { email: user.email });
    expect((listed.json as Array<{ name: string }>).map((face) => face.name).sort()).toEqual(['Leonard', 'Warm-up']);
  });

  it('on SIGTERM ends the glasses’ event streams with retry: and exits 0 within the deadline', async () => {
    const portal = await startPortalProcess({ env: { SHUTDOWN_TIMEOUT_SECONDS: '5', EVENTS_RETRY_SECONDS: '2' } });
    started.push(portal);
    const { cookie } = await signedInUser(portalOverHttp(portal));
    const streams = await Promise.all([1, 2].map(async () => openEventStream(`${portal.url}/device-api/events`, { authorization: `Bearer ${await pairGlassesOverHttp(portal.url, cookie)}` })));
    for (const stream of streams) await stream.next(isChanged);

    const signalled = performance.now();
    const exited = portal.terminate();
    for (const stream of streams) {
      expect(await stream.next((m) => m.retry !== undefined)).toMatchObject({ retry: 2000 });
      await stream.ended;
    }
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(performance.now() - signalled).toBeLessThan(5_000);
  });

  it('cuts off a client that sends its request slowly or not at all', async () => {
    const portal = await startPortalProcess({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    started.push(portal);
    const { cookie } = await signedInUser(portalOverHttp(portal));

    const silent = await rawClient(portal, '');
    const halfHeaders = await rawClient(portal, 'GET /api/auth/session HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const stalled = await rawClient(portal, stalledUpload(cookie));
    // A body that trickles in, a byte at a time, for longer than a request may take.
    const trickle = await rawClient(portal, stalledUpload(cookie).replace('Content-Length: 500', 'Content-Length: 60000'));
    const trickling = setInterval(() => trickle.socket.write('a'), 100);

    for (const client of [silent, halfHeaders, stalled, trickle]) {
      const received = await client.closed;
      expect(received === '' ? 'closed' : received.split('\r\n')[0]).toMatch(/^(closed|HTTP\/1\.1 408 Request Timeout)$/);
    }
    clearInterval(trickling);
    // The server itself is fine and answers the next client.
    expect((await fetch(`${portal.url}/api/health`)).status).toBe(200);
  });

  it('on SIGTERM answers readiness with 503 first and keeps serving through the drain, then exits 0', async () => {
    const portal = await startPortalProcess({ env: { SHUTDOWN_DRAIN_SECONDS: '5' } });
    started.push(portal);
    expect((await fetch(`${portal.url}/api/health/ready`)).status).toBe(200);
    const exited = portal.terminate();
    let ready: Response;
    do ready = await fetch(`${portal.url}/api/health/ready`);
    while (ready.status === 200);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'not-ready', checks: { shutdown: 'The server is shutting down.' } });
    // Still serving while the balancer takes it out: liveness and every other route answer as before.
    expect((await fetch(`${portal.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${portal.url}/api/auth/session`)).status).toBe(200);
    expect(await exited).toEqual({ code: 0, signal: null });
    await expect(fetch(`${portal.url}/api/health`)).rejects.toThrow();
  });
});
