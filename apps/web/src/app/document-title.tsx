import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../lib/paths.ts';

const TITLES: Record<string, string> = {
  [paths.login]: 'Sign in',
  [paths.signup]: 'Create Account',
  [paths.dashboard]: 'My Dashboard',
  [paths.faces]: 'Face Recognition',
  [paths.addFace]: 'Face Registration',
  [paths.sos]: 'Emergency Contacts',
  [paths.manual]: 'Knowledge Base',
  [paths.updates]: 'Updates',
  [paths.profile]: 'Profile',
  [paths.verifyEmail]: 'Verify e-mail',
  [paths.resetPassword]: 'Choose a new password',
};

/** Each screen has its own document title (WCAG 2.4.2). */
export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = TITLES[pathname];
    document.title = title ? `${title} · SEVA portal` : 'SEVA portal';
  }, [pathname]);
  return null;
}
