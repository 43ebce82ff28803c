import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import type { Infrastructure } from '../infrastructure.ts';
import type { Services } from '../services.ts';
import { defaultRateLimits, loadConfig, type Config } from '../config.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { tokenInMail, type MailPage } from '../../../../test-kit/mail-link.ts';
import { recordedMails, signedInUser as kitSignedInUser, type Portal } from '../../../../test-kit/sign-up-flow.ts';
import { signUpBody, unregisteredUser, type TestUser } from '../../../../test-kit/test-user.ts';
import { injectTransport } from '../../../../test-kit/transport.ts';

/** The engines every integration suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (CI sets it). */
export const engines: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
  /** What the app was built from, for tests that look at stored rows and blobs. */
  infrastructure: Infrastructure;
  services: Services;
  config: Config;
  /** Every e-mail sent, newest last. */
  mails: Mail[];
  close(): Promise<void>;
}

/** Generous limits so suites can sign up many users; a suite that tests limits passes its own. */
const relaxed = { max: 10_000, windowSeconds: 3600 };
export const relaxedLimits: Config['rateLimits'] = Object.fromEntries(
  Object.keys(defaultRateLimits).map((k) => [k, { perIp: relaxed, perAccount: relaxed }]),
) as Config['rateLimits'];

/**
 * A fresh app on a fresh database: a new temporary DATA_DIR for SQLite,
 * a new schema (dropped on close) for PostgreSQL.
 */
export async function createTestApp(
  engine: 'sqlite' | 'postgres',
  overrides: Partial<Config> = {},
  /** A mailer to use instead of the recording one (e.g. one that fails; `mails` then stays empty), a log stream to read. */
  options: { mailer?: Mailer; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seva-test-'));
  const schema = engine === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const config: Config = {
    ...loadConfig({}),
    dataDir,
    databaseUrl: engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
    databaseSchema: schema,
    logLevel: 'silent',
    webDist: undefined,
    faceThreads: 1,
    rateLimits: relaxedLimits,
    publicUrlIsDefault: overrides.publicUrl === undefined,
    ...overrides,
  };
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const { app, infrastructure, services } = await buildApp(config, { checkAnswers: true, mailer: options.mailer ?? mailer, ...(options.logStream ? { logStream: options.logStream } : {}) });
  return {
    app,
    infrastructure,
    services,
    config,
    mails,
    async close() {
      await app.close();
      if (schema && config.databaseUrl) {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A valid sign-up body with unique e-mail and license ID (the kit's user, confirmed; `overrides` win). */
export function newUserInput(overrides: Record<string, string> = {}) {
  return { ...signUpBody(unregisteredUser()), ...overrides };
}

/** The token in the newest e-mail's link to `page`. */
export function tokenFromMail(mails: Mail[], page: MailPage): string {
  for (const mail of [...mails].reverse()) {
    const token = tokenInMail(mail.text, page);
    if (token) return token;
  }
  throw new Error(`no ${page} link in ${mails.length} mails`);
}

/** The test app as the kit's sign-up flow sees it: requests through `app.inject`, tokens from `t.mails`. */
export function injectedPortal(t: TestApp): Portal {
  return { send: injectTransport(t.app), tokenFor: recordedMails(t.mails) };
}

/** Signs up, verifies and signs in a new user; returns the session cookie header and the input. */
export function signedInUser(t: TestApp, overrides: Partial<TestUser> = {}) {
  return kitSignedInUser(injectedPortal(t), overrides);
}
