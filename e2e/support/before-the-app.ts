import type { ConsoleMessage, Page } from '@playwright/test';

/**
 * Holds the scripts until `release` is called: the page shows only what the server sent, and runs only its inline
 * first script (apps/web/src/before-app/keep-presses.ts). `except` lets one through (the page's own small script,
 * which starts the app).
 */
export async function holdScripts(page: Page, except?: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    if (new URL(route.request().url()).pathname !== except) await released;
    await route.continue();
  });
  return release;
}

/**
 * A mid-range phone on a slow network, as Lighthouse's mobile profile has it: the CPU 6 times slower, and slow 4G
 * (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up), by the DevTools protocol (Chromium only).
 */
export async function slowPhone(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}

/** The app has taken the page over: it gives every screen its own title, where the page the server sent says 'SEVA portal'. */
export async function appHasTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => document.title !== 'SEVA portal', undefined, { timeout: 60_000 });
}

/** Errors the page logs (a failed request, a hydration mismatch, an exception), as the user's console shows them. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
