import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { portalOverHttp, signedInUser } from '../../../../test-kit/sign-up-flow.ts';
import { signUpBody, unregisteredUser, type TestUser } from '../../../../test-kit/test-user.ts';
import { fetchTransport } from '../../../../test-kit/transport.ts';
import { loadConfig } from '../config.ts';
import { openInfrastructure } from '../infrastructure.ts';
import { createServices } from '../services.ts';
import { faceCall, onePersonPhoto } from '../testing/face-calls.ts';
import { startPortalProcess, type PortalProcess } from '../testing/portal-process.ts';
import { createScratchDatabase } from '../testing/scratch-database.ts';
import { engines } from '../testing/test-app.ts';

const KILLS = 20;
const USERS = 4;

/** What the test knows of a face: the names it may have, and whether it must exist or may ('maybe': a write was cut off). */
interface KnownFace {
  names: string[];
  present: 'yes' | 'maybe';
}

interface LoadUser {
  email: string;
  cookie: string;
  faces: Map<string, KnownFace>;
  /** Faces whose deletion was answered 200: they must never come back. */
  deleted: Set<string>;
  /** The primary contact names the server may hold (more than one while a save was cut off). */
  contacts: Array<string | null>;
}

interface SignUp {
  user: TestUser;
  answered: boolean;
}

const pick = <T,>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/**
 * Kills the server with SIGKILL at random moments of a mixed write load (sign-ups, face stores, renames, deletions,
 * contact saves), restarts it each time, and checks after every restart that each write answered 2xx is there, that a
 * write cut off left all of it or none, that no user is half-created, and that faces and images match one to one.
 */
describe.each(engines)('crash safety on %s', (engine) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it(`keeps every answered write through ${KILLS} SIGKILLs under load`, { timeout: 600_000 }, async () => {
    const scratch = engine === 'postgres' ? await createScratchDatabase('crash') : undefined;
    if (scratch) cleanup.push(() => scratch.drop());
    const env: Record<string, string> = { RATE_LIMIT_MULTIPLIER: '10000', FACE_THREADS: '1', ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
    let portal: PortalProcess = await startPortalProcess({ env });
    const dataDir = portal.dataDir;
    cleanup.push(async () => {
      await portal.crash();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const config = loadConfig({ DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}), LOG_LEVEL: 'silent' });
    const photo = onePersonPhoto();
    const failures: string[] = [];
    const stats = { answered: 0, cutOff: 0, stored: 0, users: 0 };

    const users: LoadUser[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const { user, cookie } = await signedInUser(portalOverHttp(portal));
      users.push({ email: user.email, cookie, faces: new Map(), deleted: new Set(), contacts: [null] });
    }
    const signUps: SignUp[] = [];
    let counter = 0;

    async function storeFace(user: LoadUser): Promise<void> {
      const id = randomUUID();
      const name = `Face ${(counter += 1)}`;
      user.faces.set(id, { names: [name], present: 'maybe' });
      const answer = await faceCall(portal.url, user.cookie, 'POST', 'store_face', { name, email: user.email, face_id: id }, photo);
      if (answer.status === 200) {
        user.faces.set(id, { names: [name], present: 'yes' });
        stats.stored += 1;
      }
      if (answer.status !== 200) user.faces.delete(id);
    }

    /** One write of one kind; resolves when answered, rejects when the server went away first. */
    async function write(user: LoadUser): Promise<void> {
      const url = portal.url;
      const settled = [...user.faces.entries()].filter(([, face]) => face.present === 'yes' && face.names.length === 1);
      const roll = Math.random();
      if (roll < 0.35) {
        await storeFace(user);
      } else if (roll < 0.55 && settled.length > 0) {
        const [id, face] = pick(settled)!;
        const name = `Renamed ${(counter += 1)}`;
        face.names = [face.names[0]!, name];
        const answer = await faceCall(url, user.cookie, 'PUT', 'update_face_name', { email: user.email, face_id: id, updated_name: name });
        face.names = answer.status === 200 ? [name] : [face.names[0]!];
      } else if (roll < 0.7 && settled.length > 0) {
        const [id, face] = pick(settled)!;
        face.present = 'maybe';
        const answer = await faceCall(url, user.cookie, 'DELETE', 'delete_face', { email: user.email, face_id: id });
        if (answer.status === 200) {
          user.faces.delete(id);
          user.deleted.add(id);
        } else face.present = 'yes';
      } else {
        const name = `Contact ${(counter += 1)}`;
        const before = user.contacts;
        user.contacts = [...before, name];
        const response = await fetch(`${url}/api/contacts`, {
          method: 'PUT',
          headers: { cookie: user.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ primary: { name, countryCode: '+91', phoneNumber: '9876543210' } }),
        });
        await response.arrayBuffer();
        user.contacts = response.status === 200 ? [name] : before;
      }
    }

    async function signUpLoad(stopped: () => boolean): Promise<void> {
      const send = fetchTransport(portal.url);
      while (!stopped()) {
        const entry: SignUp = { user: unregisteredUser(), answered: false };
        signUps.push(entry);
        const answer = await send('POST', '/api/auth/sign-up', signUpBody(entry.user));
        if (answer.status === 201) entry.answered = true;
        else signUps.splice(signUps.indexOf(entry), 1);
        stats.answered += 1;
      }
    }

    async function userLoad(user: LoadUser, stopped: () => boolean): Promise<void> {
      while (!stopped()) {
        await write(user);
        stats.answered += 1;
      }
    }

    /** What the restarted server holds, against what it answered before the kill. */
    async function verify(round: number): Promise<void> {
      const fail = (line: string) => failures.push(`after kill ${round}: ${line}`);
      for (const user of users) {
        const listed = await faceCall(portal.url, user.cookie, 'POST', 'get_all_faces', { email: user.email });
        const onServer = new Map((listed.json as Array<{ face_id: string; name: string; face_url: string }>).map((face) => [face.face_id, face]));
        for (const [id, known] of user.faces) {
          const face = onServer.get(id);
          if (!face && known.present === 'yes') fail(`face ${id} (${known.names.join(' or ')}) answered 200 is gone`);
          if (face && !known.names.includes(face.name)) fail(`face ${id} is named ${face.name}, not ${known.names.join(' or ')}`);
        }
        for (const [id, face] of onServer) {
          if (user.deleted.has(id)) fail(`face ${id} deleted with a 200 came back`);
          else if (!user.faces.has(id)) fail(`face ${id} (${face.name}) was never stored`);
          const image = await fetch(`${portal.url}${face.face_url}`, { headers: { cookie: user.cookie } });
          const bytes = Buffer.from(await image.arrayBuffer());
          if (image.status !== 200 || bytes.length === 0) fail(`face ${id} (${face.name}) has no image (${image.status})`);
        }
        user.faces = new Map([...onServer].map(([id, face]) => [id, { names: [face.name], present: 'yes' as const }]));

        const contacts = (await (await fetch(`${portal.url}/api/contacts`, { headers: { cookie: user.cookie } })).json()) as { contacts: Array<{ name: string }> };
        const primary = contacts.contacts[0]?.name ?? null;
        if (!user.contacts.includes(primary)) fail(`primary contact is ${primary}, not ${user.contacts.join(' or ')}`);
        user.contacts = [primary];
      }

      const send = fetchTransport(portal.url);
      for (const entry of signUps.splice(0)) {
        // An existing, unverified account answers "Verification Required"; an unknown one, invalid credentials.
        const answer = await send('POST', '/api/auth/sign-in', { licenseId: entry.user.licenseId, password: entry.user.password });
        if (answer.status !== 403 && answer.status !== 401) fail(`sign-in of ${entry.user.email} answered ${answer.status}`);
        if (entry.answered && answer.status !== 403) fail(`user ${entry.user.email} signed up with a 201 is gone`);
        if (answer.status === 403) stats.users += 1;
      }

      const infrastructure = await openInfrastructure(config, { log: () => {} });
      try {
        const { integrity } = createServices(infrastructure);
        // Nothing is being written now, so every unnamed blob counts, however new.
        const report = await integrity.check({ orphansStoredBefore: new Date(Date.now() + 60_000) });
        for (const finding of report.findings) fail(`${finding.problem}: ${finding.key}`);
        const halfCreated = await infrastructure.database.db
          .selectFrom('users')
          .leftJoin('sos_face', 'sos_face.user_id', 'users.uid')
          .select('users.email')
          .where('sos_face.user_id', 'is', null)
          .execute();
        for (const row of halfCreated) fail(`user ${row.email} has no emergency-contacts document`);
      } finally {
        await infrastructure.close();
      }
    }

    for (let round = 1; round <= KILLS; round += 1) {
      // Warm the face engine first, so that stores rather than model loading fill the time before the kill.
      await storeFace(users[round % USERS]!);
      let stopped = false;
      const running = [signUpLoad(() => stopped), ...users.map((user) => userLoad(user, () => stopped))].map((load) =>
        load.then(
          () => 'stopped',
          () => 'cut off',
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 1700));
      await portal.crash();
      stopped = true;
      stats.cutOff += (await Promise.all(running)).filter((outcome) => outcome === 'cut off').length;
      portal = await startPortalProcess({ dataDir, env });
      await verify(round);
    }

    expect(failures).toEqual([]);
    // The load really ran: writes were answered (faces stored, users signed up), and every kill cut writes off mid-way.
    expect(stats.answered).toBeGreaterThan(KILLS * 3);
    expect(stats.stored).toBeGreaterThanOrEqual(KILLS);
    expect(stats.users).toBeGreaterThan(0);
    expect(stats.cutOff).toBeGreaterThanOrEqual(KILLS);
  });
});
