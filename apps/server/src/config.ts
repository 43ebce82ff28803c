import path from 'node:path';
import { z } from 'zod';

/** Limits per window, each counted per IP and per account where the action names one. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use; tests give each suite its own. */
  databaseSchema: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  secureCookies: boolean;
  faceThreads: number;
  logLevel: string;
  webDist: string | undefined;
  rateLimits: Record<'signIn' | 'signUp' | 'reset' | 'resend', { perIp: RateLimit; perAccount: RateLimit }>;
}

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(1).default('SEVA <no-reply@localhost>'),
  PUBLIC_URL: z.url().optional(),
  FACE_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(10_000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** JSON and form bodies (files aside) are capped at 64 KB. */
export const BODY_LIMIT = 64 * 1024;

const minutes = (n: number) => n * 60;

export const defaultRateLimits: Config['rateLimits'] = {
  signIn: { perIp: { max: 30, windowSeconds: minutes(15) }, perAccount: { max: 10, windowSeconds: minutes(15) } },
  signUp: { perIp: { max: 10, windowSeconds: minutes(60) }, perAccount: { max: 5, windowSeconds: minutes(60) } },
  reset: { perIp: { max: 10, windowSeconds: minutes(60) }, perAccount: { max: 3, windowSeconds: minutes(60) } },
  resend: { perIp: { max: 10, windowSeconds: minutes(60) }, perAccount: { max: 3, windowSeconds: minutes(60) } },
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the environment once; the only place that touches process.env. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = env.safeParse(blankToUndefined(source));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    faceThreads: e.FACE_THREADS ?? 2,
    logLevel: e.LOG_LEVEL,
    webDist: path.join(repoRoot, 'apps/web/dist'),
    rateLimits: scaleLimits(defaultRateLimits, e.RATE_LIMIT_MULTIPLIER),
  };
}

/** Test rigs that sign up many users from one address raise every limit at once. */
function scaleLimits(limits: Config['rateLimits'], factor: number): Config['rateLimits'] {
  const scale = (rule: RateLimit) => ({ ...rule, max: Math.ceil(rule.max * factor) });
  return Object.fromEntries(
    Object.entries(limits).map(([action, rules]) => [action, { perIp: scale(rules.perIp), perAccount: scale(rules.perAccount) }]),
  ) as Config['rateLimits'];
}

function blankToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v]));
}
