import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { defaultRateLimits, loadConfig, type Config } from '../config.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';

/** The engines every integration suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (CI sets it). */
export const engines: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestApp {
  app: FastifyInstance;
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
    ...overrides,
  };
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const app = await buildApp(config, { mailer: options.mailer ?? mailer, ...(options.logStream ? { logStream: options.logStream } : {}) });
  return {
    app,
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

let counter = 0;

/** A valid sign-up body with unique e-mail and license ID. */
export function newUserInput(overrides: Record<string, string> = {}) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  return {
    username: `Tester ${counter}`,
    email: `user-${id}@example.com`,
    countryCode: '+1',
    phoneNumber: '2025550123',
    licenseId: `LIC-${id}`,
    password: 'Blue-Cactus9!Lamp',
    confirmPassword: 'Blue-Cactus9!Lamp',
    ...overrides,
  };
}

/** The token in the newest e-mail's link to `page`. */
export function tokenFromMail(mails: Mail[], page: 'verify-email' | 'reset-password'): string {
  for (const mail of [...mails].reverse()) {
    const match = mail.text.match(new RegExp(`/${page}\\?token=([\\w-]+)`));
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${page} link in ${mails.length} mails`);
}

/** Signs up, verifies and signs in a new user; returns the session cookie header and the input. */
export async function signedInUser(t: TestApp, overrides: Record<string, string> = {}) {
  const input = newUserInput(overrides);
  const signUp = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: input });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`);
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: tokenFromMail(t.mails, 'verify-email') },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { licenseId: input.licenseId, password: input.password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const setCookie = signIn.headers['set-cookie'];
  const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0] ?? '';
  return { input, cookie, user: signIn.json().user as { uid: string; email: string } };
}
