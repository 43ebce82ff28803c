import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { paths } from '../lib/paths.ts';

const TITLES: Record<string, string> = {
  [paths.login]: 'Sign in',
  [paths.signup]: 'Create Account',
  [paths.forgotPassword]: 'Reset your password',
  [paths.dashboard]: 'My Dashboard',
  [paths.faces]: 'Face Recognition',
  [paths.addFace]: 'Face Registration',
  [paths.sos]: 'Emergency Contacts',
  [paths.manual]: 'Knowledge Base',
  [paths.updates]: 'Updates',
  [paths.profile]: 'Profile',
  [paths.pair]: 'Pair your glasses',
  [paths.verifyEmail]: 'Verify e-mail',
  [paths.resetPassword]: 'Choose a new password',
  [paths.restoreAccount]: 'Restore your account',
  [paths.helperAccept]: 'Helper invitation',
  [paths.helperSignIn]: 'Sign in as a helper',
  [paths.helperForgotPassword]: 'Reset your helper password',
  [paths.helperResetPassword]: 'Choose a new helper password',
  [paths.helperChoose]: 'Who are you helping?',
};

/** Each screen has its own document title (WCAG 2.4.2). */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const matches = useMatches();
  // A route without an entry above may name itself: { handle: { title } } (the 404 page does).
  const handleTitle = (matches[matches.length - 1]?.handle as { title?: string } | undefined)?.title;
  useEffect(() => {
    const title = TITLES[pathname] ?? handleTitle;
    document.title = title ? `${title} · SEVA portal` : 'SEVA portal';
  }, [pathname, handleTitle]);
  return null;
}
