import fs from 'node:fs';
import path from 'node:path';

/**
 * The one reader of the server's .eml outbox: without SMTP_URL the server writes each e-mail as
 * DATA_DIR/mail/<time>-<to>.eml (apps/server/src/mail/mailer.ts).
 */
export function outboxOf(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

/** The text of the newest .eml in `outbox` addressed to `to`, decoded from quoted-printable; undefined when there is none. */
export function newestMailTo(outbox: string, to: string): string | undefined {
  if (!fs.existsSync(outbox)) return undefined;
  const files = fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => path.join(outbox, f))
    .sort((a, b) => fs.statSync(a).mtimeMs - fs.statSync(b).mtimeMs);
  const addressedTo = new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'mi');
  for (const file of files.reverse()) {
    const raw = fs.readFileSync(file, 'utf8');
    if (addressedTo.test(raw)) return decodeQuotedPrintable(raw);
  }
  return undefined;
}

/**
 * The e-mail with each body part as the text it holds: quoted-printable and base64 parts (nodemailer writes text that
 * is mostly not ASCII, such as Hindi, in base64) decoded as UTF-8, each part on its own.
 */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(
    /(Content-Transfer-Encoding: (base64|quoted-printable)(?:\r?\n[^\r\n]+)*\r?\n\r?\n)([\s\S]*?)(?=\r?\n--|$)/g,
    (_whole, headers: string, encoding: string, body: string) => headers + decodeBody(body, encoding),
  );
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
