import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerCode, multipartForm } from '../../testing/paired-glasses.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../../testing/test-app.ts';
import { faceFixture } from '../../../../../test-kit/test-data.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
/** How the glasses name the account they joined: 'Asha, a••••@example.com'. */
const masked = ({ username, email }: { username: string; email: string }) => `${username}, ${email[0]}••••@${email.split('@')[1]}`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run glasses -- …` as a firmware engineer runs it, against a portal listening on a real port. `onLine` sees
 * each line of output as it comes (pair prints its code, then waits for 'Allow').
 */
function glasses(args: string[], env: Record<string, string>, onLine: (line: string, stop: () => void) => void = () => undefined): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tools/glasses/main.ts', ...args], { cwd: repoRoot, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line, () => child.kill('SIGTERM'));
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(engines)('the reference client (npm run glasses) against a running portal on %s', (engine) => {
  let t: TestApp;
  let home: string;
  let env: Record<string, string>;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-glasses-'));
    env = { SEVA_URL: address, SEVA_GLASSES_HOME: home };
    user = await signedInUser(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  const stateFile = () => path.join(home, '.seva-glasses.json');
  const leonardId = randomUUID();

  it('pairs: prints the code and the link, waits for Allow, keeps the token owner-only, then syncs', async () => {
    let allowed: Promise<number> | undefined;
    const run = await glasses(['pair', '--name', 'Reference glasses'], env, (line) => {
      const code = /^Pairing code: (\S+)$/.exec(line)?.[1];
      if (code) allowed = answerCode(t, user.cookie, 'allow', code).then((res) => res.statusCode);
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(await allowed).toBe(200);
    expect(run.stdout).toContain(`Sign in to SEVA and open ${t.config.publicUrl}/pair?code=`);
    expect(run.stdout).toContain(`Paired with the SEVA account ${masked(user.input)}.\nAllowed: faces:read contacts:read events features.`);
    expect(run.stdout).toContain('Full sync: 0 faces known, no changes.');
    expect(fs.statSync(stateFile()).mode & 0o777).toBe(0o600);
    const state = JSON.parse(fs.readFileSync(stateFile(), 'utf8'));
    expect(state).toMatchObject({
      portal: env.SEVA_URL,
      deviceName: 'Reference glasses',
      username: user.input.username,
      scope: 'faces:read contacts:read events features',
      email: user.input.email,
      accessToken: expect.any(String),
      cursor: expect.any(String),
    });
    const devices = (await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: user.cookie } })).json().devices;
    expect(devices).toEqual([expect.objectContaining({ name: 'Reference glasses', lastSeenAt: expect.any(String) })]);
  });

  it('syncs what changed, recognises a taught face and reports installed features', async () => {
    const form = await multipartForm({
      email: user.input.email,
      name: 'Leonard',
      face_id: leonardId,
      file: new Blob([fs.readFileSync(faceFixture('people/leonard/leonard1.png'))], { type: 'image/png' }),
    });
    expect((await t.app.inject({ method: 'POST', url: '/face-api/store_face', payload: form.payload, headers: { ...form.headers, cookie: user.cookie } })).statusCode).toBe(200);

    const synced = await glasses(['sync'], env);
    expect([synced.code, synced.stderr]).toEqual([0, '']);
    expect(synced.stdout).toContain('Sync: 1 faces known:\n  + Leonard\n');
    expect((await glasses(['sync'], env)).stdout).toContain('Sync: 1 faces known, no changes.');

    const recognized = await glasses(['recognize', faceFixture('people/leonard/leonard3.png')], env);
    expect([recognized.code, recognized.stderr]).toEqual([0, '']);
    expect(recognized.stdout).toMatch(/^Recognised: Leonard \(distance 0\.\d+\)$/m);

    const reported = await glasses(['installed', 'read_for_me=1.0', 'magnify=0.9'], env);
    expect([reported.code, reported.stdout]).toEqual([0, 'The portal now knows these glasses run: read_for_me 1.0, magnify 0.9\n']);
    const features = (await t.app.inject({ method: 'GET', url: '/api/features', headers: { cookie: user.cookie } })).json().features as Array<{ dbKey: string; upToDate: boolean }>;
    expect(features.filter((f) => f.upToDate).map((f) => f.dbKey)).toEqual(['read_for_me']);

    const refused = await glasses(['installed', 'teleport=1.0'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Unknown feature: teleport.');
  });

  it('watches: on each change announced on the event stream, syncs and prints what changed', async () => {
    const steps: Array<Promise<number>> = [];
    const run = await glasses(['watch'], env, (line, stop) => {
      if (line.startsWith('Watching ')) {
        const form = multipartForm({ email: user.input.email, name: 'Leonard', updated_name: 'Leonard Hofstadter', face_id: leonardId });
        steps.push(form.then((f) => t.app.inject({ method: 'PUT', url: '/face-api/update_face_name', payload: f.payload, headers: { ...f.headers, cookie: user.cookie } })).then((res) => res.statusCode));
      }
      if (line === '  ~ Leonard is now Leonard Hofstadter') {
        const contacts = { primary: { name: 'Asha Rao', countryCode: '+91', phoneNumber: '9876543210' } };
        steps.push(t.app.inject({ method: 'PUT', url: '/api/contacts', headers: { cookie: user.cookie }, payload: contacts }).then((res) => res.statusCode));
      }
      if (line.startsWith('Emergency contacts: Asha Rao')) stop();
    });
    expect(run.stderr).toBe('');
    expect(await Promise.all(steps)).toEqual([200, 200]);
    expect(run.stdout).toMatch(/Watching .* for changes[^]*Sync: 1 faces known:\n {2}~ Leonard is now Leonard Hofstadter\n[^]*Emergency contacts: Asha Rao \(\+91 9876543210, primary\)/);
  });

  it('asks for the scopes given with --scope, says the account, and is refused what they do not cover', async () => {
    const elsewhere = { ...env, SEVA_GLASSES_HOME: fs.mkdtempSync(path.join(os.tmpdir(), 'seva-glasses-')) };
    try {
      let allowed: Promise<number> | undefined;
      const run = await glasses(['pair', '--scope', 'faces:images', '--name=Picture frames'], elsewhere, (line) => {
        const code = /^Pairing code: (\S+)$/.exec(line)?.[1];
        if (code) allowed = answerCode(t, user.cookie, 'allow', code).then((res) => res.statusCode);
      });
      expect([run.code, run.stderr, await allowed]).toEqual([0, '', 200]);
      expect(run.stdout).toContain(`Paired with the SEVA account ${masked(user.input)}.\nAllowed: faces:images.`);
      expect(run.stdout).not.toContain('sync');
      const refused = await glasses(['sync'], elsewhere);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('not allowed to do this when they were paired');
      const unknown = await glasses(['pair', '--scope', 'camera'], elsewhere);
      expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining('Unknown scope camera.')]);
    } finally {
      fs.rmSync(elsewhere.SEVA_GLASSES_HOME, { recursive: true, force: true });
    }
  });

  it('says what to do when the glasses are unpaired, or the command is wrong', async () => {
    const devices = (await t.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: user.cookie } })).json().devices as Array<{ id: string; name: string }>;
    const device = devices.find((d) => d.name === 'Reference glasses');
    await t.app.inject({ method: 'DELETE', url: `/api/devices/${device!.id}`, headers: { cookie: user.cookie } });
    const after = await glasses(['sync'], env);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('This access token is not valid');
    expect(after.stderr).toContain('Pair the glasses again: npm run glasses -- pair');

    const wrong = await glasses(['fly'], env);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('Unknown command: fly');
    const unpaired = await glasses(['sync'], { ...env, SEVA_GLASSES_HOME: path.join(home, 'elsewhere') });
    expect(unpaired.code).toBe(1);
    expect(unpaired.stderr).toContain('These glasses are not paired yet');
  });
});
