import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { failedSignIns } from '../identity/failed-sign-ins.ts';
import type { AttemptLimits } from '../attempt-limits/service.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface HelpersDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  /** The attempt limits helpers declare (invitations, reset requests), and failed sign-ins' counters: the wearers' own. */
  limits: Pick<AttemptLimits, 'action' | 'counters' | 'clearAccounts'>;
  /** Ends a wearer's session that a browser carried when a helper signs in on it. */
  endWearerSession: (token: string | undefined) => Promise<void>;
  now?: () => Date;
}

/** Failed helper sign-ins count per (account, address) as the wearers' do; the account part never looks like a license key. */
export const signInAccount = (email: string) => `helper:${email}`;

/** What every part of the helpers service works with: the deps, the clock, the notices and the limits. */
export function createHelperKit(deps: HelpersDeps) {
  const { db, mailer, config } = deps;
  const now = deps.now ?? (() => new Date());
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const guesses = failedSignIns(deps.limits.counters, config.rateLimits.signIn);
  const limits = { invite: deps.limits.action('helperInvite'), reset: deps.limits.action('reset') };

  /** A notice that fails to send must not undo what happened: the state is the truth, the e-mail a courtesy. */
  async function tell(mail: Mail): Promise<void> {
    try {
      await mailer.send(mail);
    } catch {
      // Nothing to retry with: the portal shows the same state.
    }
  }

  return { deps, db, config, now, iso, guesses, limits, tell };
}

export type HelperKit = ReturnType<typeof createHelperKit>;
