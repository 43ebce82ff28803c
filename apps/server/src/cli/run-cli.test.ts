import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../testing/test-app.ts';
import { runCli } from './run-cli.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

async function writePdf(dir: string, name: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage();
  const file = path.join(dir, name);
  fs.writeFileSync(file, await doc.save());
  return file;
}

function captured() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, out: { log: (l: string) => lines.out.push(l), error: (l: string) => lines.err.push(l) } };
}

describe.each(engines)('admin command line on %s', (engine) => {
  let t: TestApp;
  let cookie: string;
  let files: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    ({ cookie } = await signedInUser(t));
    files = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-cli-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  const run = async (...argv: string[]) => {
    const { lines, out } = captured();
    const code = await runCli(argv, t.config, out);
    return { code, ...lines };
  };
  const latestManual = async () => (await t.app.inject({ method: 'GET', url: '/api/manuals/latest', headers: { cookie } })).json();
  const linkOf = async (dbKey: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/features', headers: { cookie } })).json().features.find((f: { dbKey: string }) => f.dbKey === dbKey)
      .downloadUrl;

  it('refuses a missing file, a folder and a file that is not a PDF, and adds nothing', async () => {
    const missing = await run('manual', 'add', path.join(files, 'nope.pdf'));
    expect(missing).toEqual({ code: 1, out: [], err: [`File not found: ${path.join(files, 'nope.pdf')}`] });

    expect(await run('manual', 'add', files)).toEqual({ code: 1, out: [], err: [`Not a file: ${files}`] });

    const fake = path.join(files, 'fake.pdf');
    fs.writeFileSync(fake, 'Hello, I am text.');
    expect(await run('manual', 'add', fake)).toEqual({ code: 1, out: [], err: ['This file is not a PDF: it does not start with %PDF-.'] });
    expect(await latestManual()).toEqual({ message: 'No user manuals found.' });
  });

  it('adds a manual that the portal then shows as the newest', async () => {
    const file = await writePdf(files, 'seva-manual.pdf');
    const { code, out, err } = await run('manual', 'add', file);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(/^Added manual seva-manual\.pdf \((\d+ B|\d+\.\d KB)\) at \d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(await latestManual()).toMatchObject({ fileName: 'seva-manual.pdf', size: fs.statSync(file).size });
  });

  it('sets, replaces and clears a feature link, saying what it did', async () => {
    expect(await run('feature', 'set', 'magnify', 'https://example.com/magnify-1.0.apk')).toEqual({
      code: 0,
      out: ['Set the download link of Magnify (magnify) to https://example.com/magnify-1.0.apk'],
      err: [],
    });
    expect(await linkOf('magnify')).toBe('https://example.com/magnify-1.0.apk');
    expect((await run('feature', 'set', 'magnify', 'https://example.com/magnify-1.1.apk')).out).toEqual([
      'Set the download link of Magnify (magnify) to https://example.com/magnify-1.1.apk (was https://example.com/magnify-1.0.apk)',
    ]);
    expect(await run('feature', 'clear', 'magnify')).toEqual({ code: 0, out: ['Cleared the download link of Magnify (magnify)'], err: [] });
    expect(await linkOf('magnify')).toBeNull();
    expect((await run('feature', 'clear', 'magnify')).out).toEqual(['Magnify (magnify) had no download link; nothing changed']);
  });

  it('refuses an unknown feature and a bad link, and changes nothing', async () => {
    await run('feature', 'set', 'navigate', 'https://example.com/nav.apk');
    expect(await run('feature', 'set', 'fly', 'https://example.com/fly.apk')).toEqual({
      code: 1,
      out: [],
      err: ['Unknown feature: fly. Known: describe_scene, navigate, find_object, recognise_face, read_for_me, talk_to_me, play_music, magnify'],
    });
    expect(await run('feature', 'set', 'navigate', 'ftp://example.com/nav.apk')).toEqual({
      code: 1,
      out: [],
      err: ['Not a valid download link: ftp://example.com/nav.apk. Use an https:// URL.'],
    });
    expect((await run('feature', 'clear', 'fly')).code).toBe(1);
    expect(await linkOf('navigate')).toBe('https://example.com/nav.apk');
  });

  it('answers an unknown command or none with the usage text and exit code 2', async () => {
    for (const argv of [[], ['manual'], ['manual', 'remove', 'x.pdf'], ['feature', 'set', 'magnify'], ['deploy']]) {
      const { code, out, err } = await run(...argv);
      expect(code).toBe(2);
      expect(out).toEqual([]);
      expect(err.join('\n')).toContain('Usage: npm run admin -- <command>');
      expect(err.join('\n')).toContain('feature set DBKEY URL');
    }
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.out[0]).toContain('manual add FILE.pdf');
  });
});

describe('admin command line bad input on a new install', () => {
  it('touches nothing: no data directory is made', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seva-cli-')), 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    const { out } = captured();
    expect(await runCli(['feature', 'set', 'fly', 'https://example.com'], config, out)).toBe(1);
    expect(await runCli(['manual', 'add', '/no/such/file.pdf'], config, out)).toBe(1);
    expect(await runCli(['bogus'], config, out)).toBe(2);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});

describe('npm run admin, as the operator runs it', () => {
  it('adds a manual under DATA_DIR and exits 0; exits 1 with one line on bad input', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-cli-data-'));
    const pdf = await writePdf(dataDir, 'operator-manual.pdf');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_NO_WARNINGS: '1' };
    const admin = (...args: string[]) => promisify(execFile)('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: repoRoot, env });

    const ok = await admin('manual', 'add', pdf);
    expect(ok.stdout).toMatch(/^Added manual operator-manual\.pdf \(.+\) at \d{4}-[\d-]+T[\d:.]+Z\n$/);

    const bad = await admin('feature', 'set', 'fly', 'https://example.com').catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect((bad as { stderr: string }).stderr).toContain('Unknown feature: fly. Known: describe_scene');

    const handle = await openDatabase({ dataDir, databaseUrl: undefined, databaseSchema: undefined });
    const rows = await handle.db.selectFrom('manuals').select('file_name').execute();
    const links = await handle.db.selectFrom('seva_applications').selectAll().execute();
    await handle.close();
    expect(rows).toEqual([{ file_name: 'operator-manual.pdf' }]);
    expect(links).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
