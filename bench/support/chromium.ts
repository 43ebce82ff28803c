import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Debian's Chromium, with the flags the end-to-end tests use (playwright.config.ts). */
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Starts Chromium with its DevTools protocol on a free port (what Lighthouse drives); resolves with the port once it
 * listens. Started here rather than through chrome-launcher, which is only a dependency of lighthouse, not ours.
 */
export async function launchChromium(): Promise<{ port: number; stop: () => void }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-chromium-'));
  const child = spawn(CHROMIUM, [...FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const stop = () => {
    child.kill('SIGTERM');
    child.once('exit', () => fs.rmSync(profile, { recursive: true, force: true }));
  };
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${output}`)));
  }).catch((error: unknown) => {
    stop();
    throw error;
  });
  return { port, stop };
}
