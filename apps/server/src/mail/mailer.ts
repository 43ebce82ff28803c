import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import { outboxDir, outboxFileName, purgeOutboxBefore, purgeOutboxFor } from './outbox.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.ts';

/** What a mail is for: all the outbox's log says of it, with when its link expires. */
export type MailKind =
  | 'verify-email'
  | 'password-reset'
  | 'password-changed'
  | 'sign-in-attempts'
  | 'restore-account'
  | 'glasses-paired'
  | 'helper-invitation'
  | 'helper-accepted'
  | 'helper-declined'
  | 'helper-removed'
  | 'helper-stopped'
  | 'wearer-deleted'
  | 'helper-password-reset';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  /** When its one-time link stops working (ISO); absent when it links only to pages that ask for a sign-in. */
  linkExpiresAt?: string;
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
 * where the operator of such an install finds the links. The log says only which kind of mail was written and when its
 * link expires: never the address or the link, which would outlive the account in the log (D-076).
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, log: (line: string) => void): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(message(config.mailFrom, mail));
      },
    };
  }
  const outbox = outboxDir(config.dataDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(config.mailFrom, mail));
      await fs.mkdir(outbox, { recursive: true, mode: PRIVATE_DIR_MODE });
      const file = path.join(outbox, outboxFileName(new Date(), mail.to));
      await fs.writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      log(`mail written to ${outbox}: ${mail.kind}, ${mail.linkExpiresAt ? `its link expires at ${mail.linkExpiresAt}` : 'with no link that expires'}`);
    },
    forget: (address) => purgeOutboxFor(config.dataDir, address),
    forgetBefore: (before) => purgeOutboxBefore(config.dataDir, before),
  };
}

/** The message itself: what the mail says, not what the portal knows of it. */
const message = (from: string, mail: Mail) => ({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
