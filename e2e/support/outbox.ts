import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

const OUTBOX = path.resolve(import.meta.dirname, `../../.tmp/e2e-${process.env.E2E_PORT ?? 3100}/mail`);

/** The text of the newest .eml in the server's outbox addressed to `to` (decoded from quoted-printable). */
export function newestMailTo(to: string): string | undefined {
  if (!fs.existsSync(OUTBOX)) return undefined;
  const files = fs
    .readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => path.join(OUTBOX, f))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
  for (const file of files.reverse()) {
    const raw = fs.readFileSync(file, 'utf8');
    if (new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi').test(raw)) return decodeQuotedPrintable(raw);
  }
  return undefined;
}

/** Waits for an e-mail to `to` with a link to `page` and returns that link's path and query. */
export async function linkFromMail(to: string, page: 'verify-email' | 'reset-password', notBefore?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = newestMailTo(to);
      const found = mail?.match(new RegExp(`https?://[^\\s/]+(/${page}\\?token=[\\w-]+)`))?.[1];
      link = found && found !== notBefore ? found : undefined;
      return link;
    }, { message: `an e-mail to ${to} with a ${page} link` })
    .toBeTruthy();
  return link as string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
