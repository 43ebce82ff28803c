import { messages } from '@seva/shared';
import type { RateLimit } from '../../config.ts';
import { tooMany } from '../../domain-errors.ts';
import { rateLimitAddress } from '../../client-address.ts';
import type { AttemptCounters } from '../attempt-limits/service.ts';

interface FailedSignInRules {
  /** Failed sign-ins from one address, whatever the account. */
  perIp: RateLimit;
  /** Failed sign-ins for one account from one address: reaching it blocks only that pair. */
  perAccount: RateLimit;
}

/** One sign-in attempt, counted as a failure in advance; the outcome settles it. */
interface SignInAttempt {
  /** The password was right: the attempt counts nowhere and the pair's failures are forgotten. */
  succeeded(): Promise<void>;
  /**
   * The password was wrong; answers how many failures the account has had from every address in the window, or
   * refuses as too many when the address is past its cap.
   */
  failed(accountExists: boolean): Promise<number>;
}

const pairPrefix = (account: string) => `signIn:pair:${encodeURIComponent(account)}:`;

/**
 * Password guessing, counted as Auth0's brute-force protection counts it (D-016): failures per (account, address)
 * pair block only that pair, so nobody can lock an owner out from elsewhere; failures per address across all
 * accounts are capped, so one address cannot try many accounts; successful sign-ins count nowhere. The address cap
 * only slows wrong guesses (D-037): past it, an account with no recent failures from that address still has its
 * password checked, so a correct one signs in (a class or a mobile network behind one address is never locked out),
 * while a wrong one is refused as too many and blocks that pair for the window: one guess per account and window.
 * Every instance shares the counts (they are rows of `rate_limits`).
 */
export function failedSignIns(counters: AttemptCounters, rules: FailedSignInRules, refusedBy: (limit: 'signIn', scope: 'ip' | 'account') => void = () => {}) {
  const refuse = (scope: 'ip' | 'account') => {
    refusedBy('signIn', scope);
    return tooMany(messages.tooManyAttempts);
  };
  return {
    /**
     * Counts the attempt before the password is checked, so parallel guesses cannot slip past the limit, and refuses it
     * with SPEC's 'Too many attempts. Please try again later' when its pair is blocked, or its address is and the pair
     * has failed recently.
     */
    async begin(account: string, ip: string): Promise<SignInAttempt> {
      const { perIp, perAccount } = rules;
      const address = rateLimitAddress(ip);
      const ipKey = `signIn:ip:${address}`;
      const pairKey = `${pairPrefix(account)}${address}`;
      const addressOpen = await counters.hit(ipKey, perIp);
      if (!addressOpen && (await counters.current(pairKey)) > 0) throw refuse('ip');
      if (!(await counters.hit(pairKey, perAccount))) {
        // A blocked pair's attempts are not checked, so they do not use up the address's allowance.
        await counters.takeBack(ipKey);
        throw refuse('account');
      }
      return {
        async succeeded() {
          await counters.takeBack(ipKey);
          await counters.clear(pairKey);
        },
        async failed(accountExists) {
          const failures = accountExists ? await counters.count(`signIn:failures:${encodeURIComponent(account)}`, perAccount.windowSeconds) : 0;
          if (!addressOpen) throw refuse('ip');
          return failures;
        },
      };
    },

    /** A new password: every address may try the account again. */
    async forgetAccount(account: string): Promise<void> {
      await counters.clearPrefix(pairPrefix(account));
    },
  };
}
