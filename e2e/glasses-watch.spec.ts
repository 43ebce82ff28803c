import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addFace } from './support/glasses.ts';
import { expect, test } from './support/fixtures.ts';

// Issue #19: the glasses hear of a change at once. The reference client's `watch` holds the event stream while the
// user adds a face on /faces/add in Chromium, and prints the new face from the sync the event set off.
const REPO_ROOT = path.resolve(import.meta.dirname, '..');

test('npm run glasses -- watch prints a face added on /faces/add', async ({ signedInPage: page, newUser: user, baseURL }) => {
  test.setTimeout(120_000);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-watch-'));
  let output = '';
  const glasses = (args: string[]) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tools/glasses/main.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, SEVA_URL: baseURL!, SEVA_GLASSES_HOME: home },
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return { child, closed: new Promise((resolve) => child.once('close', resolve)) };
  };
  try {
    // Paired as a wearer does it: the client shows a code, the signed-in user allows it.
    const pairing = glasses(['pair', '--name', 'Watching glasses']);
    await expect.poll(() => /Pairing code: (\S+)/.exec(output)?.[1] ?? '').not.toBe('');
    const code = /Pairing code: (\S+)/.exec(output)![1]!;
    await page.goto(`/pair?code=${code}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Your password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Glasses paired');
    // The glasses say whose account they joined.
    await expect.poll(() => output, { timeout: 20_000 }).toContain(`Paired with the SEVA account ${user.username}, ${user.email[0]}••••@${user.email.split('@')[1]}.`);
    await expect.poll(() => output, { timeout: 20_000 }).toContain('Full sync: 0 faces known');
    await pairing.closed;

    output = '';
    const watch = glasses(['watch']);
    try {
      await expect.poll(() => output, { timeout: 20_000 }).toContain('for changes (Ctrl+C to stop).');
      await addFace(page, 'Grace Hopper');
      await expect.poll(() => output, { timeout: 10_000 }).toContain('Sync: 1 faces known:\n  + Grace Hopper\n');
    } finally {
      watch.child.kill('SIGTERM');
    }
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
  }
});
