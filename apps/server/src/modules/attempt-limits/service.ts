import { messages } from '@seva/shared';
import type { Config, RateLimit } from '../../config.ts';
import type { Db, Executor } from '../../db/database.ts';
import { tooMany } from '../../domain-errors.ts';
import { rateLimitAddress } from '../../client-address.ts';
import type { PortalMetrics } from '../../metrics/portal-metrics.ts';
import * as store from './store.ts';

/** An action whose attempts are limited; its numbers are in config (`rateLimits`, scaled by RATE_LIMIT_MULTIPLIER). */
export type LimitedAction = keyof Config['rateLimits'];

/** Whom a refusal counted against, as the metrics name it. */
type LimitScope = 'ip' | 'account';

interface AttemptLimitsDeps {
  db: Db;
  rules: Config['rateLimits'];
  /** Refusals by limit and scope, for the operators' metrics. */
  metrics?: Pick<PortalMetrics, 'rateLimitRefusals'>;
  now?: () => Date;
}

/** One action's limits: per address, per (account, address) pair where the action has one, and per account. */
export interface ActionLimit {
  /** The action's numbers (windows and maxima), as config gives them. */
  readonly rules: Config['rateLimits'][LimitedAction];
  /**
   * Counts one attempt per address, per (account, address) pair where the action has a pair limit (reset requests,
   * D-036: then the account limit is a ceiling over all addresses), and per account; too many in a window is refused
   * with 'Too many attempts. Please try again later'.
   */
  count(ip: string, account?: string): Promise<void>;
  /** Takes back what `count` counted for an attempt that turned out right, so that only wrong ones count. */
  forgive(ip: string, account?: string): Promise<void>;
  /** Takes back only the account's part of `count` (a refused sign-up does not count against the e-mail it names). */
  forgiveAccount(account: string): Promise<void>;
  /** Counts one attempt against the account limit alone, keyed `<action>:<label>:<account>`. */
  countAccount(account: string, label?: string): Promise<void>;
}

/**
 * Attempt limits (D-016, D-049): fixed-window counters in the database (`rate_limits`), so every instance shares them.
 * A named limit is an action of config's `rateLimits` (its windows and maxima) and the keys it counts by; each module
 * declares the actions it limits (`limits.action('pair')`). Built once, in services.ts.
 */
export function createAttemptLimits(deps: AttemptLimitsDeps) {
  const { db, rules } = deps;
  const now = deps.now ?? (() => new Date());

  /** Counts a hit on `key`; one past `rule.max` in the window is refused, and counted in the metrics. */
  async function attempt(key: string, rule: RateLimit, refusal: [LimitedAction, LimitScope]): Promise<void> {
    if ((await store.count(db, key, rule.windowSeconds, now())) <= rule.max) return;
    const [limit, scope] = refusal;
    deps.metrics?.rateLimitRefusals.inc({ limit, scope });
    throw tooMany(messages.tooManyAttempts);
  }

  function action(name: LimitedAction): ActionLimit {
    const actionRules = rules[name];
    const keys = (ip: string, account?: string) => ({
      ip: `${name}:ip:${rateLimitAddress(ip)}`,
      account: account ? `${name}:account:${account}` : undefined,
      pair: account && actionRules.perPair ? `${name}:pair:${account}:${rateLimitAddress(ip)}` : undefined,
    });
    return {
      rules: actionRules,
      async count(ip, account) {
        const key = keys(ip, account);
        await attempt(key.ip, actionRules.perIp, [name, 'ip']);
        if (key.pair && actionRules.perPair) await attempt(key.pair, actionRules.perPair, [name, 'account']);
        if (key.account) await attempt(key.account, actionRules.perAccount, [name, 'account']);
      },
      async forgive(ip, account) {
        const key = keys(ip, account);
        await store.takeBack(db, key.ip);
        if (key.pair) await store.takeBack(db, key.pair);
        if (key.account) await store.takeBack(db, key.account);
      },
      forgiveAccount: (account) => store.takeBack(db, `${name}:account:${account}`),
      countAccount: (account, label = 'account') => attempt(`${name}:${label}:${account}`, actionRules.perAccount, [name, 'account']),
    };
  }

  return {
    action,

    /** The counters themselves, for a limit that counts its own way (failed sign-ins: identity's failed-sign-ins.ts). */
    counters: {
      /** Counts one more hit on `key` and answers the hits in its window so far (1 for the first). */
      count: (key: string, windowSeconds: number) => store.count(db, key, windowSeconds, now()),
      /** Counts a hit; false once the key has been hit more than `rule.max` times in its window. */
      hit: async (key: string, rule: RateLimit) => (await store.count(db, key, rule.windowSeconds, now())) <= rule.max,
      /** The hits `key` has had in its current window, without counting one. */
      current: (key: string) => store.current(db, key, now()),
      takeBack: (key: string) => store.takeBack(db, key),
      clear: (key: string) => store.clear(db, key),
      clearPrefix: (prefix: string) => store.clearPrefix(db, prefix),
    },

    /** A deleted account leaves no trace in the counters (issue #12): every key that names one of `accounts` goes. */
    clearAccounts: (executor: Executor, accounts: readonly string[]) => store.clearAccounts(executor, accounts),

    /** Housekeeping: windows that have ended. */
    async purgeExpired(at: Date): Promise<Record<string, number>> {
      return { rate_limits: await store.deleteEnded(db, at.toISOString()) };
    },
  };
}

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;
/** The counters a limit that counts its own way uses. */
export type AttemptCounters = AttemptLimits['counters'];
