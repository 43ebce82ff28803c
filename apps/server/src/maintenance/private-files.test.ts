import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceFixture } from '../../../../test-kit/test-data.ts';
import { runCli } from '../cli/run-cli.ts';
import { loadConfig } from '../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { startPortalProcess } from '../testing/portal-process.ts';
import { storeFacesDirectly } from '../testing/stored-faces.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../testing/test-app.ts';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** Every folder and file under `dir` (itself included) with its mode. */
function modesUnder(dir: string): Array<[string, number]> {
  const found: Array<[string, number]> = [[dir, modeOf(dir)]];
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found.push([full, modeOf(full)]);
  }
  return found;
}

describe.each(engines)('DATA_DIR is private to the portal on %s', (engine) => {
  let t: TestApp;
  let parent: string;
  let dataDir: string;

  beforeAll(async () => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-modes-'));
    fs.chmodSync(parent, 0o755);
    dataDir = path.join(parent, 'data');
    t = await createTestApp(engine, { dataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(parent, { recursive: true, force: true });
  });

  const run = async (...argv: string[]) => {
    const lines = { out: [] as string[], err: [] as string[] };
    const code = await runCli(argv, t.config, { log: (l) => lines.out.push(l), error: (l) => lines.err.push(l) });
    return { code, ...lines };
  };

  it('creates DATA_DIR 0700 and every folder 0700 and file 0600 in it: database, pictures, outbox and backups', async () => {
    const user = await signedInUser(t);
    await storeFacesDirectly({ db: t.infrastructure.database.db, blobs: t.infrastructure.blobs }, user.user.uid, [
      { name: 'Amy', image: fs.readFileSync(faceFixture('single', 'neutral.jpg')), mime: 'image/jpeg' },
    ]);
    const outbox = createMailer({ smtpUrl: undefined, mailFrom: 'SEVA <no-reply@localhost>', dataDir }, () => {});
    await outbox.send({ to: user.input.email, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>', kind: 'password-changed' });
    if (engine === 'sqlite') {
      expect((await run('backup', path.join(dataDir, 'backup.tar'))).code).toBe(0);
      for (const name of ['seva.sqlite', 'seva.sqlite-wal', 'seva.sqlite-shm', 'backup.tar']) expect(fs.existsSync(path.join(dataDir, name)), name).toBe(true);
      expect(fs.readdirSync(path.join(dataDir, 'blobs'))).not.toEqual([]);
    }
    const modes = modesUnder(dataDir);
    expect(modes.filter(([file, mode]) => mode !== (fs.statSync(file).isDirectory() ? 0o700 : 0o600)).map(([file, mode]) => `${file} ${mode.toString(8)}`)).toEqual([]);
    expect(modes.some(([file]) => file.includes(`${path.sep}mail${path.sep}`))).toBe(true);
    expect((await run('check')).code).toBe(0);
  });

  it('admin check reports a folder or file other users can read, and check --repair tightens it', async () => {
    const file = path.join(dataDir, 'mail', fs.readdirSync(path.join(dataDir, 'mail'))[0]!);
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(file, 0o644);
    const checked = await run('check');
    expect(checked.code, checked.err.join('\n')).toBe(1);
    expect(checked.out).toContain('folder . is 0755: other users of the machine can read it (expected 0700)');
    expect(checked.out).toContain(`file ${path.relative(dataDir, file)} is 0644: other users of the machine can read it (expected 0600)`);
    expect(checked.err).toEqual(['2 inconsistencies. Run npm run admin -- check --repair to remove them.']);
    const repaired = await run('check', '--repair');
    expect(repaired.code, repaired.err.join('\n')).toBe(0);
    expect([modeOf(dataDir), modeOf(file)]).toEqual([0o700, 0o600]);
  });
});

describe('a DATA_DIR the operator made beforehand', () => {
  it('is made 0700 when the server starts, which says so once, and admin check then passes', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-premade-'));
    const dataDir = path.join(parent, 'data');
    fs.mkdirSync(dataDir);
    fs.chmodSync(dataDir, 0o755);
    try {
      const portal = await startPortalProcess({ dataDir });
      let output: string;
      try {
        expect(modeOf(dataDir)).toBe(0o700);
      } finally {
        await portal.terminate();
        output = portal.output();
      }
      expect(output.split('\n').filter((line) => line.includes('DATA_DIR'))).toEqual([
        expect.stringContaining(`DATA_DIR ${dataDir} was 0755; it is now 0700, as the portal keeps it`),
      ]);
      const lines = { out: [] as string[], err: [] as string[] };
      const code = await runCli(['check'], loadConfig({ DATA_DIR: dataDir }), { log: (l) => lines.out.push(l), error: (l) => lines.err.push(l) });
      expect({ code, ...lines }).toEqual({ code: 0, out: expect.arrayContaining(['No inconsistency: every record has its blob and every blob its record.']), err: [] });
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
