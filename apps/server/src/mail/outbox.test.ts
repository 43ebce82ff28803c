import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETED_SUBJECT } from '../modules/account/emails.ts';
import { newestMailTo } from '../../../../test-kit/eml-outbox.ts';
import { tokenInMail } from '../../../../test-kit/mail-link.ts';
import { createTestApp, engines, signedInUser, type TestApp } from '../testing/test-app.ts';
import { createMailer, type Mail, type Mailer } from './mailer.ts';
import { outboxDir, outboxFileName, safeName } from './outbox.ts';

const mail = (to: string): Mail => ({ to, subject: 'Verify', text: 'Open http://localhost:3000/verify-email?token=abc to verify.', html: '<p>Verify</p>', kind: 'verify-email' });

describe.each(engines)('the outbox (no SMTP_URL) on %s', (engine) => {
  let t: TestApp;
  let dataDir: string;
  const logged: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-outbox-'));
    const outbox = createMailer({ smtpUrl: undefined, mailFrom: 'SEVA <no-reply@localhost>', dataDir }, (line) => logged.push(line));
    // The outbox as the portal uses it, with each mail also recorded for the test's sign-up flow.
    const mailer: Mailer = {
      send: async (sent) => {
        t.mails.push(sent);
        await outbox.send(sent);
      },
      forget: outbox.forget!,
      forgetBefore: outbox.forgetBefore!,
    };
    t = await createTestApp(engine, { dataDir }, { mailer });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const filesTo = (address: string) => fs.readdirSync(outboxDir(dataDir)).filter((name) => name.endsWith(`-${safeName(address)}.eml`));

  it("keeps none of a deleted account's mail but the confirmation of its deletion, and leaves everyone else's", async () => {
    const leaving = await signedInUser(t);
    const staying = await signedInUser(t);
    expect(filesTo(leaving.input.email)).toHaveLength(1);
    const deleted = await t.app.inject({ method: 'POST', url: '/api/account/delete', headers: { cookie: leaving.cookie }, payload: { password: leaving.input.password } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = filesTo(leaving.input.email);
    expect(left).toHaveLength(1);
    expect(fs.readFileSync(path.join(outboxDir(dataDir), left[0]!), 'utf8')).toContain(`Subject: ${ACCOUNT_DELETED_SUBJECT}`);
    expect(filesTo(staying.input.email)).toHaveLength(1);
  });

  it('housekeeping removes outbox mail older than 7 days', async () => {
    const old = path.join(outboxDir(dataDir), outboxFileName(new Date(Date.now() - 8 * 24 * 3600_000), 'someone@example.com'));
    const recent = path.join(outboxDir(dataDir), outboxFileName(new Date(Date.now() - 6 * 24 * 3600_000), 'someone@example.com'));
    fs.writeFileSync(old, 'old', { mode: 0o600 });
    fs.writeFileSync(recent, 'recent', { mode: 0o600 });
    const removed = await t.services.housekeeping.run();
    expect(removed.outbox_mails).toBe(1);
    expect([fs.existsSync(old), fs.existsSync(recent)]).toEqual([false, true]);
  });

  it("logs which kind of mail it wrote and when its link expires, never the address or the link", async () => {
    await signedInUser(t);
    const verification = t.mails.at(-1)!;
    expect(verification.text).toContain('/verify-email?token=');
    expect(logged.at(-1)).toMatch(/^mail written to \S+\/mail: verify-email, its link expires at \d{4}-\d\d-\d\dT[\d:.]+Z$/);
    for (const sent of t.mails) {
      expect(logged.join('\n')).not.toContain(sent.to);
      expect(logged.join('\n')).not.toContain(tokenInMail(sent.text, 'verify-email') ?? sent.to);
    }
    expect(logged.join('\n')).not.toMatch(/token=|https?:/);
  });
});

describe('the outbox log line', () => {
  it('names the kind and the expiry, and neither the address nor the token', async () => {
    const logged: string[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-outbox-log-'));
    const outbox = createMailer({ smtpUrl: undefined, mailFrom: 'SEVA <no-reply@localhost>', dataDir }, (line) => logged.push(line));
    await outbox.send({ ...mail('owner@example.com'), kind: 'password-reset', linkExpiresAt: '2026-11-28T13:00:00.000Z' });
    await outbox.send({ to: 'wearer@example.com', subject: 'Accepted', text: 'Open http://localhost:3000/profile', html: '<p>Accepted</p>', kind: 'helper-accepted' });
    expect(logged).toEqual([
      `mail written to ${outboxDir(dataDir)}: password-reset, its link expires at 2026-11-28T13:00:00.000Z`,
      `mail written to ${outboxDir(dataDir)}: helper-accepted, with no link that expires`,
    ]);
    // The links are in the .eml files, for the operator to open.
    expect(newestMailTo(outboxDir(dataDir), 'owner@example.com')).toContain('/verify-email?token=abc');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('mail sent by SMTP', () => {
  it('logs nothing of it and keeps nothing of it, not even when sending fails (the engine plays no part)', async () => {
    const logged: string[] = [];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-smtp-'));
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', mailFrom: 'SEVA <no-reply@localhost>', dataDir }, (line) => logged.push(line));
    await expect(mailer.send(mail('owner@example.com'))).rejects.toThrow();
    expect(logged).toEqual([]);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
