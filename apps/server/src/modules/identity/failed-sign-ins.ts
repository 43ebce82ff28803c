import { messages } from '@seva/shared';
import type { RateLimit } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { tooMany } from '../../domain-errors.ts';
import { rateLimitAddress } from '../../client-address.ts';
import * as limits from './rate-limits.ts';

export interface FailedSignInRules {
  /** Failed sign-ins from one address, whatever the account. */
  perIp: RateLimit;
  /** Failed sign-ins for one account from one address: reaching it blocks only that pair. */
  perAccount: RateLimit;
}

/** One sign-in attempt, counted as a failure in advance; the outcome settles it. */
export interface SignInAttempt {
  /** The password was right: the attempt counts nowhere and the pair's failures are forgotten. */
  succeeded(): Promise<void>;
  /** The password was wrong; answers how many failures the account has had from every address in the window. */
  failed(accountExists: boolean): Promise<number>;
}

const pairPrefix = (account: string) => `signIn:pair:${encodeURIComponent(account)}:`;

/**
 * Password guessing, counted as Auth0's brute-force protection counts it (D-016): failures per (account, address)
 * pair block only that pair, so nobody can lock an owner out from elsewhere; failures per address across all
 * accounts are capped, so one address cannot try many accounts; successful sign-ins count nowhere, so a class behind
 * one address signs in freely. Every instance shares the counts (they are rows of `rate_limits`).
 */
export function failedSignIns(db: Db, rules: FailedSignInRules, now: () => Date, refusedBy: (limit: 'signIn', scope: 'ip' | 'account') => void = () => {}) {
  return {
    /**
     * Counts the attempt before the password is checked, so parallel guesses cannot slip past the limit, and refuses it
     * with SPEC's 'Too many attempts. Please try again later' when its pair or its address is blocked.
     */
    async begin(account: string, ip: string): Promise<SignInAttempt> {
      const { perIp, perAccount } = rules;
      const address = rateLimitAddress(ip);
      const ipKey = `signIn:ip:${address}`;
      const pairKey = `${pairPrefix(account)}${address}`;
      if (!(await limits.hit(db, ipKey, perIp, now()))) {
        refusedBy('signIn', 'ip');
        throw tooMany(messages.tooManyAttempts);
      }
      if (!(await limits.hit(db, pairKey, perAccount, now()))) {
        // A blocked pair's attempts are not checked, so they do not use up the address's allowance.
        await limits.takeBack(db, ipKey);
        refusedBy('signIn', 'account');
        throw tooMany(messages.tooManyAttempts);
      }
      return {
        async succeeded() {
          await limits.takeBack(db, ipKey);
          await limits.clear(db, pairKey);
        },
        async failed(accountExists) {
          if (!accountExists) return 0;
          return limits.count(db, `signIn:failures:${encodeURIComponent(account)}`, perAccount.windowSeconds, now());
        },
      };
    },

    /** A new password: every address may try the account again. */
    async forgetAccount(account: string): Promise<void> {
      await limits.clearPrefix(db, pairPrefix(account));
    },
  };
}
