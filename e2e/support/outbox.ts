import path from 'node:path';
import { expect } from '@playwright/test';
import { newestMailTo, outboxOf } from '../../test-kit/eml-outbox.ts';
import { linkInMail, type MailPage } from '../../test-kit/mail-link.ts';

/** The DATA_DIR of the portal playwright.config.ts starts; its e-mails are .eml files under it. */
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, `../../.tmp/e2e-${process.env.E2E_PORT ?? 3100}`);
const OUTBOX = outboxOf(E2E_DATA_DIR);

/** Waits for an e-mail to `to` with a link to `page` (other than `notBefore`) and returns that link's path and query. */
export async function linkFromMail(to: string, page: MailPage, notBefore?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = newestMailTo(OUTBOX, to);
      const found = mail === undefined ? undefined : linkInMail(mail, page);
      link = found && found !== notBefore ? found : undefined;
      return link;
    }, { message: `an e-mail to ${to} with a ${page} link` })
    .toBeTruthy();
  return link as string;
}

/** Waits for an e-mail to `to` whose text holds `words`, and returns the whole e-mail, decoded. */
export async function mailTo(to: string, words: string): Promise<string> {
  let mail: string | undefined;
  await expect
    .poll(() => {
      mail = newestMailTo(OUTBOX, to);
      return mail?.includes(words) ?? false;
    }, { message: `an e-mail to ${to} saying ${words}` })
    .toBe(true);
  return mail as string;
}
