import type { Mailer } from '../mail/mailer.ts';
import { createAttemptLimits } from '../modules/attempt-limits/service.ts';
import { createIdentityService, type OnUserCreated } from '../modules/identity/service.ts';
import { createSessionsService } from '../modules/sessions/service.ts';
import type { TestApp } from './test-app.ts';

/**
 * The identity service of a test app built again on another clock, with the attempt limits and sessions it uses on
 * the same clock: `now` or `offsetMs` from now. Answers the three, for a test that purges what they keep.
 */
export function identityServicesAt(t: TestApp, options: { now?: () => Date; offsetMs?: number; mailer?: Mailer; onUserCreated?: OnUserCreated[] } = {}) {
  const { offsetMs = 0, mailer = t.infrastructure.mailer, onUserCreated } = options;
  const now = options.now ?? (() => new Date(Date.now() + offsetMs));
  const { db, reads } = t.infrastructure.database;
  const limits = createAttemptLimits({ db, rules: t.config.rateLimits, now });
  const sessions = createSessionsService({ db, reads, now });
  const identity = createIdentityService({ db, mailer, config: t.config, limits, sessions, now, ...(onUserCreated ? { onUserCreated } : {}) });
  return { identity, limits, sessions };
}

/** identityServicesAt's identity service alone. */
export const identityServiceAt = (t: TestApp, options: Parameters<typeof identityServicesAt>[1] = {}) => identityServicesAt(t, options).identity;
