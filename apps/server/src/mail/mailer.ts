import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { outboxDir, outboxFileName, purgeOutboxBefore, purgeOutboxFor } from './outbox.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Forgets what was kept of mail to `address` (the outbox's files) when its account is erased; answers how many. */
  forget?(address: string): Promise<number>;
  /** Forgets kept mail older than `before` (housekeeping); answers how many. */
  forgetBefore?(before: Date): Promise<number>;
}

/**
 * SMTP when SMTP_URL is set (nothing of a mail is logged or kept); otherwise .eml files under DATA_DIR/mail (outbox.ts),
 * each link also logged, since that log line and the file are how a link reaches someone on such an install.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: (line: string) => void): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
    };
  }
  const outbox = outboxDir(config.dataDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: config.mailFrom, ...mail });
      await fs.mkdir(outbox, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(outbox, outboxFileName(new Date(), mail.to));
      await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log(`mail to ${mail.to} written to ${file}${links.length ? `; link: ${links.join(' ')}` : ''}`);
    },
    forget: (address) => purgeOutboxFor(config.dataDir, address),
    forgetBefore: (before) => purgeOutboxBefore(config.dataDir, before),
  };
}
