import { useEffect } from 'react';
import { useLocation } from 'react-router';

const TITLES: Record<string, string> = {
  '/login': 'Sign in',
  '/signup': 'Create Account',
  '/dashboard': 'My Dashboard',
  '/faces': 'Face Recognition',
  '/faces/add': 'Face Registration',
  '/sos': 'Emergency Contacts',
  '/manual': 'Knowledge Base',
  '/updates': 'Updates',
  '/profile': 'Profile',
  '/verify-email': 'Verify e-mail',
  '/reset-password': 'Choose a new password',
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
