import Bowser from 'bowser';
import { accountMessages, browserDescription } from '@seva/shared';

/** A browser as people name it: 'Chrome' and 'Windows 10', read from its User-Agent header. */
export interface BrowserName {
  browser: string;
  system: string;
}

/** What a User-Agent says of the browser and its system; 'Unknown browser' on 'unknown system' when it says nothing. */
export function readUserAgent(userAgent: string | null | undefined): BrowserName {
  const unknown = { browser: accountMessages.unknownBrowser, system: accountMessages.unknownSystem };
  if (!userAgent || userAgent.trim() === '') return unknown;
  const { browser, os } = Bowser.parse(userAgent);
  return {
    browser: browser.name || unknown.browser,
    system: [os.name, os.versionName].filter(Boolean).join(' ') || unknown.system,
  };
}

/** 'Chrome on Windows 10': how the activity list names the browser that did something. */
export const describeUserAgent = (userAgent: string | null | undefined): string => browserDescription(readUserAgent(userAgent));
