import { screenHeadingAt, screens } from '../lib/screens.ts';

/** product §2: the entries of the shared top navigation, in the screen table's order. */
export const NAV_ENTRIES = screens.flatMap((screen) => ('navigation' in screen ? [{ to: screen.path, label: screen.navigation }] : []));

/**
 * The feature a path belongs to, for 'Current: {feature}': its entry in the navigation, else the screen's own heading
 * (/pair, reached from the glasses, is 'Pair your glasses', not 'Home'), else 'Home'.
 */
export function featureForPath(pathname: string): string {
  const entry = [...NAV_ENTRIES].sort((a, b) => b.to.length - a.to.length).find((e) => pathname === e.to || pathname.startsWith(`${e.to}/`));
  return entry?.label ?? screenHeadingAt(pathname) ?? /*i18n*/ 'Home';
}
