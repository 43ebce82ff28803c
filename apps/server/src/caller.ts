import type { Locale } from '@seva/shared';

/** Who sent a request, as the services note it: its address (as TRUST_PROXY allows) and the browser's own words. */
export interface Caller {
  ip: string;
  /** The User-Agent header, cut to 512 characters; null when none was sent. */
  userAgent: string | null;
  /** The language the caller reads, for what is sent to them (an e-mail); English when not known (a tool). */
  locale?: Locale;
}

/** The caller as a route knows it (`request.caller`, plugins/caller.ts): also whether a browser or the glasses called. */
export interface RequestCaller extends Caller {
  /** 'glasses' when the paired glasses' bearer token identified the request, 'browser' otherwise. */
  kind: 'browser' | 'glasses';
  /** What made the request, as the account's activity names it: the glasses' name, or 'Chrome on Windows 10'. */
  from: string;
}
