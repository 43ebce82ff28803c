import { paths } from './paths.ts';

/**
 * The h1 of each signed-in screen. The screen shows it, and so does the page the server sends a signed-in user before
 * the app has run (prerendered, issue #14): the heading is on screen at once and stays where it is.
 */
export const screenHeadings = {
  [paths.dashboard]: 'My Dashboard',
  [paths.faces]: 'Face Management Console',
  [paths.addFace]: 'Face Registration',
  [paths.sos]: 'Emergency Contacts',
  [paths.manual]: 'KNOWLEDGE BASE',
  [paths.updates]: 'Scan QR codes to install or update the SEVA features',
  [paths.profile]: 'User Profile',
  [paths.pair]: 'Pair your glasses',
} as const;

/** The heading of the signed-in screen at `pathname`, if it is one. */
export function screenHeadingAt(pathname: string): string | undefined {
  return (screenHeadings as Record<string, string | undefined>)[pathname];
}
