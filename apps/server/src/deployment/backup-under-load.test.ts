import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { portalOverHttp, signedInUser } from '../../../../test-kit/sign-up-flow.ts';
import { signUpBody, unregisteredUser, type TestUser } from '../../../../test-kit/test-user.ts';
import { fetchTransport } from '../../../../test-kit/transport.ts';
import { faceCall, onePersonPhoto } from '../testing/face-calls.ts';
import { startPortalProcess, type PortalProcess } from '../testing/portal-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** `npm run admin -- …` as an operator runs it, against `dataDir`. */
async function admin(dataDir: string, ...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_NO_WARNINGS: '1' };
  return promisify(execFile)('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: repoRoot, env });
}

interface FaceHistory {
  names: string[];
  storedAt?: number;
  /** When a rename or deletion of it was first sent. */
  touchedAt?: number;
  /** Stored before the load and never touched by it: the test, not the random load, decides that some faces are compared. */
  kept?: boolean;
}

interface LoadUser {
  email: string;
  cookie: string;
  faces: Map<string, FaceHistory>;
}

const pick = <T,>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

describe('backup and restore of the embedded install under load', () => {
  const portals: PortalProcess[] = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-backup-load-'));
  afterAll(async () => {
    for (const portal of portals) {
      await portal.crash();
      fs.rmSync(portal.dataDir, { recursive: true, force: true });
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up while faces, contacts and sign-ups are written, and restores an install that matches', { timeout: 300_000 }, async () => {
    const live = await startPortalProcess({ env: { RATE_LIMIT_MULTIPLIER: '10000', FACE_THREADS: '1' } });
    portals.push(live);
    const photo = onePersonPhoto();
    const store = async (user: LoadUser, name: string) => {
      const id = randomUUID();
      user.faces.set(id, { names: [name] });
      const answer = await faceCall(live.url, user.cookie, 'POST', 'store_face', { name, email: user.email, face_id: id }, photo);
      if (answer.status === 200) user.faces.get(id)!.storedAt = Date.now();
    };
    const newUser = async (): Promise<LoadUser> => {
      const { user, cookie } = await signedInUser(portalOverHttp(live));
      return { email: user.email, cookie, faces: new Map() };
    };

    // A user whose faces and contacts are all written before the backup and left alone during it.
    const steady = await newUser();
    await store(steady, 'Amy');
    await store(steady, 'Raj');
    const contacts = { primary: { name: 'Asha Rao', countryCode: '+91', phoneNumber: '9876543210' } };
    await fetch(`${live.url}/api/contacts`, { method: 'PUT', headers: { cookie: steady.cookie, 'content-type': 'application/json' }, body: JSON.stringify(contacts) });
    const busy = [await newUser(), await newUser()];
    for (const user of busy) {
      await store(user, 'Kept');
      for (const face of user.faces.values()) face.kept = true;
    }
    const signUps: Array<{ user: TestUser; answeredAt: number }> = [];

    let running = true;
    let counter = 0;
    const faceLoad = async (user: LoadUser) => {
      while (running) {
        const known = [...user.faces.entries()].filter(([, face]) => face.storedAt !== undefined && face.touchedAt === undefined && !face.kept);
        const roll = Math.random();
        if (roll < 0.5 || known.length === 0) {
          await store(user, `Face ${(counter += 1)}`);
        } else if (roll < 0.75) {
          const [id, face] = pick(known)!;
          const name = `Renamed ${(counter += 1)}`;
          face.touchedAt = Date.now();
          face.names.push(name);
          await faceCall(live.url, user.cookie, 'PUT', 'update_face_name', { email: user.email, face_id: id, updated_name: name });
        } else {
          const [id, face] = pick(known)!;
          face.touchedAt = Date.now();
          await faceCall(live.url, user.cookie, 'DELETE', 'delete_face', { email: user.email, face_id: id });
        }
      }
    };
    const signUpLoad = async () => {
      const send = fetchTransport(live.url);
      while (running) {
        const user = unregisteredUser();
        if ((await send('POST', '/api/auth/sign-up', signUpBody(user))).status === 201) signUps.push({ user, answeredAt: Date.now() });
      }
    };
    const loads = [...busy.map(faceLoad), signUpLoad()];
    // The load is well under way before the backup starts.
    while (signUps.length < 2 || counter < 4) await new Promise((resolve) => setTimeout(resolve, 50));

    const file = path.join(work, 'seva-backup.tar');
    const backupStarted = Date.now();
    const backup = await admin(live.dataDir, 'backup', file);
    const backupEnded = Date.now();
    running = false;
    await Promise.all(loads);
    expect(backup.stdout).toMatch(/^Backed up .+ to .+seva-backup\.tar \(.+\): records as of .+Z, \d+ faces, 1 manual, \d+ blobs\.\n/m);

    const restoredDir = path.join(work, 'restored');
    const restore = await admin(restoredDir, 'restore', file);
    expect(restore.stdout).toMatch(/^Restored .+ into .+restored: records as of .+; every record has its blob\. /);
    expect((await admin(restoredDir, 'check')).stdout).toContain('No inconsistency');
    const restored = await startPortalProcess({ dataDir: restoredDir });
    portals.push(restored);

    const listOn = async (portal: PortalProcess, user: LoadUser) =>
      (await faceCall(portal.url, user.cookie, 'POST', 'get_all_faces', { email: user.email })).json as Array<{ face_id: string; name: string; face_url: string }>;
    const imageOn = async (portal: PortalProcess, user: LoadUser, url: string) => {
      const response = await fetch(`${portal.url}${url}`, { headers: { cookie: user.cookie } });
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
    };

    // The user untouched during the backup finds everything as it was: faces, images byte for byte, contacts.
    const steadyLive = await listOn(live, steady);
    const steadyRestored = await listOn(restored, steady);
    expect(steadyRestored).toEqual(steadyLive);
    for (const face of steadyRestored) expect((await imageOn(restored, steady, face.face_url)).bytes.equals((await imageOn(live, steady, face.face_url)).bytes)).toBe(true);
    const contactsOn = async (portal: PortalProcess) => (await (await fetch(`${portal.url}/api/contacts`, { headers: { cookie: steady.cookie } })).json()) as unknown;
    expect(await contactsOn(restored)).toEqual(await contactsOn(live));

    // The busy users: the restore holds their faces as of one moment during the backup.
    let compared = 0;
    for (const user of busy) {
      const onRestore = new Map((await listOn(restored, user)).map((face) => [face.face_id, face]));
      const onLive = new Map((await listOn(live, user)).map((face) => [face.face_id, face]));
      for (const [id, history] of user.faces) {
        const face = onRestore.get(id);
        const settledBefore = history.storedAt !== undefined && history.storedAt < backupStarted && (history.touchedAt ?? Infinity) > backupEnded;
        if (settledBefore || history.kept) expect(face?.name).toBe(history.names[0]);
        if (!face) continue;
        expect(history.names).toContain(face.name);
        const image = await imageOn(restored, user, face.face_url);
        expect(image.status).toBe(200);
        if (onLive.has(id)) {
          expect(image.bytes.equals((await imageOn(live, user, face.face_url)).bytes)).toBe(true);
          compared += 1;
        }
      }
      for (const id of onRestore.keys()) expect(user.faces.has(id)).toBe(true);
    }
    // At least each busy user's kept face was compared byte for byte, whatever the load did.
    expect(compared).toBeGreaterThanOrEqual(busy.length);

    // Everyone who had signed up before the backup began can still be found (and is told to verify).
    const send = fetchTransport(restored.url);
    for (const { user } of signUps.filter((entry) => entry.answeredAt < backupStarted)) {
      expect((await send('POST', '/api/auth/sign-in', { licenseId: user.licenseId, password: user.password })).status).toBe(403);
    }
  });
});
