import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { glassesApiMessages } from '@seva/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelFor, LISTENER_APPLICATION_NAME } from '../../change-feed/postgres.ts';
import { bearer, multipartForm, pairGlasses } from '../../testing/paired-glasses.ts';
import { isChanged, openEventStream, type EventStreamClient, type StreamMessage } from '../../testing/event-stream.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { faceFixture } from '../../../../../test-kit/test-data.ts';

interface Sync {
  cursor: string;
  faces: Array<{ face_id: string; name: string }>;
  deleted_face_ids: string[];
  emergency_contacts: Array<{ name: string }>;
  features: Array<{ dbKey: string; download_url: string | null }>;
}

const DAY_MS = 24 * 3600 * 1000;

describe.each(engines)('the glasses’ event stream (GET /device-api/events) on %s', (engine) => {
  let t: TestApp;
  let base: string;
  const open: EventStreamClient[] = [];
  beforeAll(async () => {
    t = await createTestApp(engine);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await Promise.all(open.map((stream) => stream.close()));
    await t.close();
  });

  const userWithGlasses = async () => {
    const user = await signedInUser(t);
    return { ...user, ...(await pairGlasses(t, user.cookie)) };
  };
  type Wearer = Awaited<ReturnType<typeof userWithGlasses>>;

  const connect = async (token: string, headers: Record<string, string> = {}, query = '') => {
    const stream = await openEventStream(`${base}/device-api/events${query}`, { ...bearer(token), ...headers });
    open.push(stream);
    return stream;
  };
  const sync = async (who: Wearer, since?: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/device-api/sync', query: since === undefined ? {} : { since }, headers: bearer(who.token) });
    return { status: res.statusCode, body: res.json() as Sync & { error?: string } };
  };
  const cursorOf = (message: StreamMessage) => {
    expect(message.id).toBeTruthy();
    expect(JSON.parse(message.data ?? '')).toEqual({ cursor: message.id });
    return message.id!;
  };
  /** A connected stream that has heard the `changed` every fresh connection gets, and that cursor. */
  const connected = async (who: Wearer) => {
    const stream = await connect(who.token);
    return { stream, cursor: cursorOf(await stream.next(isChanged)) };
  };
  const faceForm = async (method: 'POST' | 'PUT' | 'DELETE', route: string, who: Wearer, fields: Record<string, string | Blob>) => {
    const form = await multipartForm({ email: who.input.email, ...fields });
    const res = await t.app.inject({ method, url: `/face-api/${route}`, payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const saveContacts = async (who: Wearer, name: string) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/contacts', headers: { cookie: who.cookie }, payload: { primary: { name, countryCode: '+91', phoneNumber: '9876543210' } } });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('shows operators the streams held open and the events sent, in the metrics', async () => {
    const reading = async (name: string) => {
      const text = await t.infrastructure.metrics.registry.getSingleMetricAsString(name);
      return text.split('\n').filter((line) => line.startsWith(name));
    };
    const who = await userWithGlasses();
    const before = Number((await reading('seva_event_streams_open'))[0]?.split(' ')[1]);
    const { stream } = await connected(who);
    expect(await reading('seva_event_streams_open')).toEqual([`seva_event_streams_open ${before + 1}`]);
    expect((await reading('seva_event_stream_messages_total')).some((line) => /kind="changed"} [1-9]/.test(line))).toBe(true);
    await stream.close();
  });

  it('answers a stream at once with where the account stands: the cursor a full sync gives', async () => {
    const who = await userWithGlasses();
    const stream = await connect(who.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect((await stream.next()).retry).toBeGreaterThan(0);
    const cursor = cursorOf(await stream.next(isChanged));
    expect((await sync(who)).body.cursor).toBe(cursor);
  });

  it('announces each change the sync shows, with a cursor whose sync already holds it', async () => {
    const who = await userWithGlasses();
    const { stream, cursor: start } = await connected(who);
    const faceId = randomUUID();

    await faceForm('POST', 'store_face', who, { name: 'Amy', face_id: faceId, file: new Blob([fs.readFileSync(faceFixture('people/amy/amy1.png'))], { type: 'image/png' }) });
    const added = cursorOf(await stream.next(isChanged));
    // The event's cursor names a state the sync can already read: the change is there, nothing is after it.
    expect((await sync(who, start)).body).toMatchObject({ cursor: added, faces: [{ face_id: faceId, name: 'Amy' }] });
    expect((await sync(who, added)).body.faces).toEqual([]);

    await faceForm('PUT', 'update_face_name', who, { name: 'Amy', updated_name: 'Amy Fowler', face_id: faceId });
    const renamed = cursorOf(await stream.next(isChanged));
    expect((await sync(who, added)).body).toMatchObject({ cursor: renamed, faces: [{ face_id: faceId, name: 'Amy Fowler' }] });

    await faceForm('DELETE', 'delete_face', who, { face_id: faceId });
    const deleted = cursorOf(await stream.next(isChanged));
    expect((await sync(who, renamed)).body).toMatchObject({ cursor: deleted, faces: [], deleted_face_ids: [faceId] });

    await saveContacts(who, 'Asha Rao');
    const contacts = cursorOf(await stream.next(isChanged));
    expect(contacts).not.toBe(deleted);
    expect((await sync(who, deleted)).body).toMatchObject({ cursor: contacts, emergency_contacts: [{ name: 'Asha Rao' }] });

    await t.services.features.setFeatureLink('read_for_me', 'https://downloads.example.com/read-for-me.apk');
    const linked = cursorOf(await stream.next(isChanged));
    expect(linked).not.toBe(contacts);
    const afterLink = (await sync(who, contacts)).body;
    expect(afterLink.cursor).toBe(linked);
    expect(afterLink.features.find((f) => f.dbKey === 'read_for_me')?.download_url).toBe('https://downloads.example.com/read-for-me.apk');

    await t.services.features.clearFeatureLink('read_for_me');
    const cleared = cursorOf(await stream.next(isChanged));
    expect(cleared).not.toBe(linked);
    expect((await sync(who, linked)).body.features.find((f) => f.dbKey === 'read_for_me')?.download_url).toBeNull();
  });

  it('tells only the account whose data changed', async () => {
    const one = await userWithGlasses();
    const two = await userWithGlasses();
    const { stream: streamOne } = await connected(one);
    const { stream: streamTwo } = await connected(two);
    await saveContacts(two, 'Lee Wong');
    await streamTwo.next(isChanged);
    await saveContacts(one, 'Asha Rao');
    await streamOne.next(isChanged);
    expect(streamOne.messages.filter(isChanged)).toHaveLength(2);
    expect(streamTwo.messages.filter(isChanged)).toHaveLength(2);
  });

  it('on reconnect with Last-Event-ID (or ?since=) sends a changed at once only when the glasses are behind', async () => {
    const who = await userWithGlasses();
    const { stream, cursor: before } = await connected(who);
    await saveContacts(who, 'Asha Rao');
    const now = cursorOf(await stream.next(isChanged));
    await stream.close();

    const behind = await connect(who.token, { 'last-event-id': before });
    expect(cursorOf(await behind.next(isChanged))).toBe(now);
    const behindByQuery = await connect(who.token, {}, `?since=${before}`);
    expect(cursorOf(await behindByQuery.next(isChanged))).toBe(now);

    // Up to date: the first changed it hears is the next change, not the one it holds.
    const upToDate = await connect(who.token, { 'last-event-id': now });
    await saveContacts(who, 'Lee Wong');
    const next = cursorOf(await upToDate.next(isChanged));
    expect(next).not.toBe(now);
    expect((await sync(who, now)).body).toMatchObject({ cursor: next, emergency_contacts: [{ name: 'Lee Wong' }] });
  });

  it('lets one stream per pair of glasses: a second replaces the first', async () => {
    const who = await userWithGlasses();
    const { stream: first } = await connected(who);
    const { stream: second } = await connected(who);
    await first.ended;
    expect(first.isEnded).toBe(true);
    expect(second.isEnded).toBe(false);
  });

  it('writes revoked and ends the stream on unpair; the next connect gets 401', async () => {
    const who = await userWithGlasses();
    const { stream } = await connected(who);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/devices/${who.deviceId}`, headers: { cookie: who.cookie } });
    expect(res.statusCode).toBe(200);
    expect(await stream.next((m) => m.event === 'revoked')).toMatchObject({ data: '{"reason":"unpaired"}' });
    await stream.ended;
    const again = await connect(who.token);
    expect(again.status).toBe(401);
    expect(again.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('writes revoked to every pair of the account when it is deleted', async () => {
    const who = await userWithGlasses();
    const other = await pairGlasses(t, who.cookie, 'Spare glasses');
    const { stream } = await connected(who);
    const { stream: spare } = await connected({ ...who, ...other });
    const res = await t.app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie: who.cookie }, payload: { password: who.input.password } });
    expect(res.statusCode, res.body).toBe(200);
    for (const s of [stream, spare]) expect(await s.next((m) => m.event === 'revoked')).toMatchObject({ data: '{"reason":"account_deleted"}' });
    expect((await connect(who.token)).status).toBe(401);
  });

  it('answers RFC 6750 challenges without a token or with a bad one', async () => {
    const none = await openEventStream(`${base}/device-api/events`, {});
    expect([none.status, none.headers.get('www-authenticate'), JSON.parse(none.body ?? '')]).toEqual([401, 'Bearer', { message: glassesApiMessages.tokenRequired }]);
    const bad = await openEventStream(`${base}/device-api/events`, bearer('not-a-token'));
    expect([bad.status, bad.headers.get('www-authenticate')]).toEqual([401, 'Bearer error="invalid_token"']);
  });

  it('answers 410 cursor_expired to a cursor older than the deletions kept, once housekeeping purged them', async () => {
    const who = await userWithGlasses();
    const faceId = randomUUID();
    await faceForm('POST', 'store_face', who, { name: 'Howard', face_id: faceId, file: new Blob([fs.readFileSync(faceFixture('people/howard/howard1.png'))], { type: 'image/png' }) });
    const old = (await sync(who)).body.cursor;
    await faceForm('DELETE', 'delete_face', who, { face_id: faceId });
    const recent = (await sync(who)).body.cursor;

    expect((await t.services.housekeeping.run()).face_deletions ?? 0).toBe(0);
    expect((await sync(who, old)).body.deleted_face_ids).toEqual([faceId]);
    const removed = await t.services.faces.purgeExpired(new Date(Date.now() + 91 * DAY_MS));
    expect(removed.face_deletions).toBeGreaterThanOrEqual(1);

    const expired = await sync(who, old);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ error: 'cursor_expired' });
    // A cursor that saw the deletion goes on; a full sync always works.
    expect((await sync(who, recent)).status).toBe(200);
    expect((await sync(who)).body.faces).toEqual([]);
  });
});

describe.each(engines)('event stream limits and lifetime on %s', (engine) => {
  it('sends a heartbeat comment, refuses streams over the account limit, and ends streams with retry on shutdown', async () => {
    const t = await createTestApp(engine, { events: { heartbeatMs: 100, retryMs: 2000, perAccount: 1, coalesceMs: 20 } });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const user = await signedInUser(t);
      const first = await pairGlasses(t, user.cookie, 'First glasses');
      const second = await pairGlasses(t, user.cookie, 'Second glasses');
      const stream = await openEventStream(`${base}/device-api/events`, bearer(first.token));
      expect((await stream.next((m) => m.retry !== undefined)).retry).toBe(2000);
      expect(await stream.next((m) => m.comment !== undefined && m.event === undefined)).toBeTruthy();

      const refused = await openEventStream(`${base}/device-api/events`, bearer(second.token));
      expect([refused.status, JSON.parse(refused.body ?? '')]).toEqual([429, { message: glassesApiMessages.tooManyStreams }]);

      const closing = t.close();
      expect(await stream.next((m) => m.retry !== undefined)).toMatchObject({ retry: 2000 });
      await stream.ended;
      await closing;
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe.skipIf(!engines.includes('postgres'))('the change feed’s listening connection on postgres', () => {
  it('listens again after the connection drops, and then tells every stream where its account stands', async () => {
    const t = await createTestApp('postgres');
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    try {
      const user = await signedInUser(t);
      const glasses = await pairGlasses(t, user.cookie);
      const stream = await openEventStream(`${base}/device-api/events`, bearer(glasses.token));
      await stream.next(isChanged);
      const dropped = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and query like $2`, [
        LISTENER_APPLICATION_NAME,
        `%${channelFor(t.config.databaseSchema)}%`,
      ]);
      expect(dropped.rowCount).toBe(1);
      // Saved while the feed may not be listening: the stream still hears of it (from the feed, or after it listens again).
      const saved = await t.app.inject({ method: 'PUT', url: '/api/contacts', headers: { cookie: user.cookie }, payload: { primary: { name: 'Asha Rao', countryCode: '+91', phoneNumber: '9876543210' } } });
      expect(saved.statusCode).toBe(200);
      const current = (await t.app.inject({ method: 'GET', url: '/device-api/sync', headers: bearer(glasses.token) })).json().cursor as string;
      await stream.next((m) => isChanged(m) && m.id === current);
      // Listening again: the next change arrives as before.
      await t.app.inject({ method: 'PUT', url: '/api/contacts', headers: { cookie: user.cookie }, payload: { primary: { name: 'Lee Wong', countryCode: '+91', phoneNumber: '9876543210' } } });
      const next = (await t.app.inject({ method: 'GET', url: '/device-api/sync', headers: bearer(glasses.token) })).json().cursor as string;
      await stream.next((m) => isChanged(m) && m.id === next);
    } finally {
      await admin.end();
      await t.close();
    }
  });
});
