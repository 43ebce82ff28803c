import { paths } from '../lib/paths.ts';
import { screenHeadingAt } from '../lib/screen-headings.ts';

/** product §2: the entries of the shared top navigation, in order. */
export const NAV_ENTRIES = [
  { to: paths.dashboard, label: 'Home' },
  { to: paths.faces, label: 'Face Recognition' },
  { to: paths.sos, label: 'Emergency Setup' },
  { to: paths.manual, label: 'Knowledge Base' },
  { to: paths.updates, label: 'Updates' },
  { to: paths.profile, label: 'Profile' },
] as const;

/**
 * The feature a path belongs to, for 'Current: {feature}': its entry in the navigation, else the screen's own heading
 * (/pair, reached from the glasses, is 'Pair your glasses', not 'Home'), else 'Home'.
 */
export function featureForPath(pathname: string): string {
  const entry = [...NAV_ENTRIES].sort((a, b) => b.to.length - a.to.length).find((e) => pathname === e.to || pathname.startsWith(`${e.to}/`));
  return entry?.label ?? screenHeadingAt(pathname) ?? 'Home';
}
