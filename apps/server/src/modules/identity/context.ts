import type { Caller } from '../../caller.ts';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { PortalMetrics } from '../../metrics/portal-metrics.ts';
import { describeUserAgent } from '../../user-agent.ts';
import type { RecordActivity } from '../activity/service.ts';
import type { AttemptLimits } from '../attempt-limits/service.ts';
import type { SessionsService } from '../sessions/service.ts';
import { failedSignIns } from './failed-sign-ins.ts';
import type * as store from './store.ts';

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** A sign-up not verified within this long expires: its e-mail and license ID are free again (D-016). */
export const SIGN_UP_EXPIRY_MS = VERIFY_TTL_MS;

/** What another module keeps per user and makes in the sign-up's own transaction (e.g. the contacts document). */
export type OnUserCreated = (trx: Executor, user: { uid: string; email: string; createdAt: string }) => Promise<void>;

export interface IdentityDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  /** The attempt limits identity declares (sign-up, resend, reset) and failed sign-ins' counters. */
  limits: AttemptLimits;
  /** Sign-in starts a session; a new password and a closed account end them. */
  sessions: Pick<SessionsService, 'start' | 'endAll' | 'endOtherBrowserSessions'>;
  onUserCreated?: OnUserCreated[];
  /** Notes sign-ins, wrong passwords, password changes and verifications in the account's activity (issue #12). */
  activity?: RecordActivity;
  /** Sign-ins by outcome and rate-limit refusals by limit, for the operators' metrics. */
  metrics?: Pick<PortalMetrics, 'signIns' | 'rateLimitRefusals'>;
  now?: () => Date;
}

/** License IDs are matched ignoring case and surrounding space. */
export const licenseKey = (licenseId: string) => licenseId.trim().toLowerCase();

/** What identity's parts (sign-up, sign-in, links, password changes) share: its deps, its clock, its limits. */
export function identityContext(deps: IdentityDeps) {
  const now = deps.now ?? (() => new Date());
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  return {
    ...deps,
    now,
    iso,
    limits: { signUp: deps.limits.action('signUp'), resend: deps.limits.action('resend'), reset: deps.limits.action('reset') },
    guesses: failedSignIns(deps.limits.counters, deps.config.rateLimits.signIn, (limit, scope) => deps.metrics?.rateLimitRefusals.inc({ limit, scope })),
    /** Notes an event in the account's activity, with the browser that did it. */
    note: (userId: string, kind: Parameters<RecordActivity>[1], caller?: Caller) =>
      deps.activity?.(userId, kind, caller ? describeUserAgent(caller.userAgent) : null) ?? Promise.resolve(),
    /** A sign-up never verified whose 24 hours have passed: it counts as no account and is deleted when in the way. */
    isExpiredSignUp: (user: store.UserRow) => Number(user.is_verified) !== 1 && user.created_at <= iso(-SIGN_UP_EXPIRY_MS),
  };
}

export type IdentityContext = ReturnType<typeof identityContext>;
