import net from 'node:net';
import path from 'node:path';
import type { SupportContact } from '@seva/shared';
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
  /** SUPPORT_EMAIL and SUPPORT_PHONE: shown on the help page (GET /api/support); unset ones are left out. */
  support: SupportContact;
  /** PUBLIC_URL was not set: every loopback address of PORT is the portal's own origin (loopbackOrigins). */
  publicUrlIsDefault: boolean;
  secureCookies: boolean;
  faceThreads: number;
  logLevel: string;
  /** The output is a terminal: logs as readable lines; otherwise JSON, one object a line. */
  readableLogs: boolean;
  webDist: string | undefined;
  /** TRUST_PROXY: false (X-Forwarded-For ignored), a hop count, or the addresses and CIDRs of the trusted proxies. */
  trustProxy: TrustProxy;
  /** HTTP timeouts and the shutdown deadline (ms). */
  http: HttpTimeouts;
  /** The glasses' event streams (GET /device-api/events, issue #19). */
  events: EventsConfig;
  /** BACKUP_KEY: signs each backup's manifest (HMAC-SHA256) and is required of a backup restored; kept outside DATA_DIR. */
  backupKey: string | undefined;
  /** METRICS_PORT/METRICS_HOST: where GET /metrics listens (Prometheus text); undefined: metrics are off. */
  metrics: { port: number; host: string } | undefined;
  /** signIn counts failed sign-ins only: perIp across all accounts, perAccount per (account, address) pair (D-016). */
  rateLimits: Record<'signIn' | 'signUp' | 'reset' | 'resend' | 'pair' | 'deviceAuthorization' | 'oauthToken' | 'vitals' | 'helperInvite', LimitRules>;
}

export type TrustProxy = false | number | string[];

/** An action's limits: per address, per account, and (where given) per (account, address) pair. */
interface LimitRules {
  perIp: RateLimit;
  perAccount: RateLimit;
  /** Reset requests (D-036): per (e-mail, address), so that perAccount can be a ceiling no few addresses reach. */
  perPair?: RateLimit;
}

interface EventsConfig {
  /** A heartbeat comment at least this often (below every proxy's idle timeout). */
  heartbeatMs: number;
  /** The `retry:` the glasses wait before reconnecting. */
  retryMs: number;
  /** Streams one account may hold open at once. */
  perAccount: number;
  /** Changes this close together share one event. */
  coalesceMs: number;
}

interface HttpTimeouts {
  /** The whole request, body included, must arrive within this; also how long a socket may sit silent mid-request. */
  requestMs: number;
  /** The request line and headers must arrive within this. */
  headersMs: number;
  /** An idle keep-alive connection is closed after this; above a load balancer's idle timeout (60 s is common). */
  keepAliveMs: number;
  /** On SIGTERM: requests in flight get until then; the process has exited by then. */
  shutdownMs: number;
  /** On SIGTERM: readiness answers 503 this long before the server stops accepting, so a balancer drains it first. */
  drainMs: number;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const TRUST_PROXY_HELP = 'TRUST_PROXY must be a hop count (1, 2, …) or a comma-separated list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,::1)';

/** Unset: forwarded headers are ignored. A number trusts that many proxies in front; a list trusts those addresses. */
function parseTrustProxy(value: string | undefined, ctx: z.RefinementCtx): TrustProxy {
  if (value === undefined) return false;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) === 0 ? false : Number(value.trim());
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    if (PROXY_NAMES.includes(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    if (family === 0 || rest.length > 0) return false;
    return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
  };
  const bad = entries.filter((entry) => !valid(entry));
  if (bad.length > 0) ctx.addIssue({ code: 'custom', message: `${TRUST_PROXY_HELP}; not understood: ${bad.join(', ')}` });
  return entries;
}

const seconds = (max: number, fallback: number) => z.coerce.number().positive().max(max).default(fallback);

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
  SUPPORT_EMAIL: z.email('SUPPORT_EMAIL must be an e-mail address').optional(),
  SUPPORT_PHONE: z.string().trim().min(1).max(40).regex(/^[+\d][\d ()-]*$/, 'SUPPORT_PHONE must be a phone number (digits, spaces, +, -, brackets)').optional(),
  FACE_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().max(10_000).default(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional().transform(parseTrustProxy),
  REQUEST_TIMEOUT_SECONDS: seconds(3600, 60),
  KEEP_ALIVE_TIMEOUT_SECONDS: seconds(3600, 65),
  SHUTDOWN_TIMEOUT_SECONDS: seconds(600, 10),
  EVENTS_HEARTBEAT_SECONDS: seconds(15, 15),
  EVENTS_RETRY_SECONDS: seconds(600, 3),
  EVENTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(600).default(0),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  BACKUP_KEY: z.string().min(32, 'BACKUP_KEY must be at least 32 characters (e.g. the output of openssl rand -hex 32)').optional(),
}).refine((e) => e.SHUTDOWN_DRAIN_SECONDS < e.SHUTDOWN_TIMEOUT_SECONDS, {
  path: ['SHUTDOWN_DRAIN_SECONDS'],
  message: 'SHUTDOWN_DRAIN_SECONDS must be shorter than SHUTDOWN_TIMEOUT_SECONDS (the drain counts within the shutdown deadline)',
});

/** JSON and form bodies (files aside) are capped at 64 KB. */
export const BODY_LIMIT = 64 * 1024;

const minutes = (n: number) => n * 60;

export const defaultRateLimits: Config['rateLimits'] = {
  // Failed sign-ins only (D-016): 100 an hour per address across all accounts (a class behind one address signs in
  // freely), 10 per (account, address) pair in 15 minutes, which blocks only that pair (Auth0's brute-force protection).
  signIn: { perIp: { max: 100, windowSeconds: minutes(60) }, perAccount: { max: 10, windowSeconds: minutes(15) } },
  // 100 an hour per address (Firebase's figure), 5 an hour per e-mail address.
  signUp: { perIp: { max: 100, windowSeconds: minutes(60) }, perAccount: { max: 5, windowSeconds: minutes(60) } },
  // Reset requests (D-036): 3 an hour per (e-mail, address), so that nobody elsewhere can use up the owner's; at most
  // 30 an hour per e-mail in all, which takes ten addresses (IPv6 counted by /64) to reach, and caps the mail an owner gets.
  reset: { perIp: { max: 10, windowSeconds: minutes(60) }, perAccount: { max: 30, windowSeconds: minutes(60) }, perPair: { max: 3, windowSeconds: minutes(60) } },
  resend: { perIp: { max: 10, windowSeconds: minutes(60) }, perAccount: { max: 3, windowSeconds: minutes(60) } },
  // Pairing codes typed on /pair, like sign-in: user codes are short (38 bits), so guesses must stay few.
  pair: { perIp: { max: 30, windowSeconds: minutes(15) }, perAccount: { max: 10, windowSeconds: minutes(15) } },
  // Codes the glasses ask for (POST /oauth/device_authorization), per address only: there is no account yet.
  deviceAuthorization: { perIp: { max: 30, windowSeconds: minutes(15) }, perAccount: { max: 30, windowSeconds: minutes(15) } },
  // Polls of the token endpoint per address: a pair of glasses polls every 5 s (120 in 10 minutes), so 10 pairing at
  // once behind one address never meet it, and a flood of made-up device codes stops before it loads the database.
  oauthToken: { perIp: { max: 1200, windowSeconds: minutes(10) }, perAccount: { max: 1200, windowSeconds: minutes(10) } },
  // Web-vitals reports (a few per page view) per address, so that no one can flood the log; there is no account.
  vitals: { perIp: { max: 1000, windowSeconds: minutes(15) }, perAccount: { max: 1000, windowSeconds: minutes(15) } },
  // Helper invitations (issue #18): 100 an hour per caller's address, 5 an hour per wearer (perAccount), so nobody
  // can use the portal to mail strangers. How many one invited address gets is counted from those sent (D-073).
  helperInvite: { perIp: { max: 100, windowSeconds: minutes(60) }, perAccount: { max: 5, windowSeconds: minutes(60) } },
};

/** RATE_LIMIT_MULTIPLIER raises the pairing limits at most this much: a test rig needs a few more, never thousands. */
const PAIRING_MULTIPLIER_CAP = 10;

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The origins a browser may open a default install at: localhost, 127.0.0.1 (what the listen log prints) and [::1] on
 * PORT. With PUBLIC_URL set, only its origin.
 */
export function ownOrigins(config: Pick<Config, 'publicUrl' | 'publicUrlIsDefault' | 'port'>): string[] {
  if (!config.publicUrlIsDefault) return [new URL(config.publicUrl).origin];
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${config.port}`);
}

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
    publicUrlIsDefault: e.PUBLIC_URL === undefined,
    support: { ...(e.SUPPORT_EMAIL ? { email: e.SUPPORT_EMAIL } : {}), ...(e.SUPPORT_PHONE ? { phone: e.SUPPORT_PHONE } : {}) },
    secureCookies: publicUrl.startsWith('https://'),
    faceThreads: e.FACE_THREADS ?? 2,
    logLevel: e.LOG_LEVEL,
    readableLogs: source === process.env && process.stdout.isTTY === true,
    webDist: path.join(repoRoot, 'apps/web/dist'),
    rateLimits: scaleLimits(defaultRateLimits, e.RATE_LIMIT_MULTIPLIER),
    trustProxy: e.TRUST_PROXY,
    http: {
      requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      headersMs: Math.min(10, e.REQUEST_TIMEOUT_SECONDS) * 1000,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      shutdownMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
      drainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    },
    events: { heartbeatMs: e.EVENTS_HEARTBEAT_SECONDS * 1000, retryMs: e.EVENTS_RETRY_SECONDS * 1000, perAccount: e.EVENTS_PER_ACCOUNT, coalesceMs: 20 },
    backupKey: e.BACKUP_KEY,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}

/** Test rigs that sign up many users from one address raise every limit at once. */
function scaleLimits(limits: Config['rateLimits'], factor: number): Config['rateLimits'] {
  const capped = (action: string) => (action === 'pair' || action === 'deviceAuthorization' ? Math.min(factor, PAIRING_MULTIPLIER_CAP) : factor);
  // The per-(account, address) sign-in failure limit is what stops password guessing: no multiplier ever raises it.
  const perAccountFactor = (action: string) => (action === 'signIn' ? Math.min(factor, 1) : capped(action));
  const scale = (rule: RateLimit, by: number) => ({ ...rule, max: Math.ceil(rule.max * by) });
  return Object.fromEntries(
    Object.entries(limits).map(([action, rules]) => [
      action,
      {
        perIp: scale(rules.perIp, capped(action)),
        perAccount: scale(rules.perAccount, perAccountFactor(action)),
        ...(rules.perPair ? { perPair: scale(rules.perPair, capped(action)) } : {}),
      },
    ]),
  ) as Config['rateLimits'];
}

function blankToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v]));
}
