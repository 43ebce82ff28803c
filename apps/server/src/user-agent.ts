import Bowser from 'bowser';
import { accountMessages, browserDescription } from '@seva/shared';

/** A browser as people name it: 'Chrome' and 'Windows 10', read from its User-Agent header. */
interface BrowserName {
  browser: string;
  system: string;
}

/**
 * The only browser and system names the portal ever shows (issue #20): a User-Agent is text anyone can write, and
 * the parser's fall-back takes a browser's name from it verbatim, so a name not on these lists is 'Unknown browser'.
 */
const BROWSERS = new Set([
  'Chrome', 'Chromium', 'Firefox', 'Safari', 'Microsoft Edge', 'Opera', 'Opera Coast', 'Samsung Internet for Android', 'Vivaldi', 'Brave',
  'Yandex Browser', 'UC Browser', 'DuckDuckGo', 'Internet Explorer', 'Android Browser', 'Electron', 'Focus', 'Pale Moon', 'SeaMonkey', 'LibreWolf',
  'Epiphany', 'QQ Browser', 'WeChat', 'Google Search', 'NAVER Whale Browser', 'Amazon Silk', 'Maxthon', 'Vivo Browser', 'Sogou Browser', 'Puffin',
]);
const SYSTEMS = new Set(['Android', 'Chrome OS', 'HarmonyOS', 'iOS', 'Linux', 'macOS', 'Windows', 'Windows Phone', 'Tizen', 'WebOS', 'BlackBerry', 'PlayStation 4', 'Roku', 'Bada']);
const VERSION_NAMES = new Set([
  'XP', 'Vista', '7', '8', '8.1', '10', '11', '2000', 'NT', 'Me', '98', '95', '2003',
  'Leopard', 'Snow Leopard', 'Lion', 'Mountain Lion', 'Mavericks', 'Yosemite', 'El Capitan', 'Sierra', 'High Sierra', 'Mojave', 'Catalina',
  'Big Sur', 'Monterey', 'Ventura', 'Sonoma', 'Sequoia',
  'Cupcake', 'Donut', 'Eclair', 'Froyo', 'Gingerbread', 'Honeycomb', 'Ice Cream Sandwich', 'Jelly Bean', 'KitKat', 'Lollipop', 'Marshmallow',
  'Nougat', 'Oreo', 'Pie',
]);

/** What a User-Agent says of the browser and its system, named from the fixed lists; 'Unknown browser' on 'unknown system' otherwise. */
export function readUserAgent(userAgent: string | null | undefined): BrowserName {
  const unknown = { browser: accountMessages.unknownBrowser, system: accountMessages.unknownSystem };
  if (!userAgent || userAgent.trim() === '') return unknown;
  const { browser, os } = Bowser.parse(userAgent);
  const system = os.name && SYSTEMS.has(os.name) ? [os.name, os.versionName && VERSION_NAMES.has(os.versionName) ? os.versionName : undefined] : [];
  return {
    browser: browser.name && BROWSERS.has(browser.name) ? browser.name : unknown.browser,
    system: system.filter(Boolean).join(' ') || unknown.system,
  };
}

/** 'Chrome on Windows 10': how the activity list names the browser that did something. */
export const describeUserAgent = (userAgent: string | null | undefined): string => browserDescription(readUserAgent(userAgent));
