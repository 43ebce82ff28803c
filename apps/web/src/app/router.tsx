import { createBrowserRouter, Navigate, Outlet, useMatches } from 'react-router';
import type { ComponentType } from 'react';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { SignupPage } from '../features/auth/signup-page.tsx';
import { VerifyEmailPage } from '../features/auth/verify-email-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { DocumentTitle } from './document-title.tsx';
import { AuthLayout } from './layout/auth-layout.tsx';
import { FeatureLayout } from './layout/feature-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteGuard, type SignedOutNotice } from './route-guard.tsx';

/**
 * Feature screens load on first visit, so signing in downloads only what sign-in needs
 * (the camera, QR and PDF code stay out of the first download).
 */
const screen = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) => async () => ({ Component: pick(await load()) });

function Root() {
  return (
    <>
      <DocumentTitle />
      <Outlet />
    </>
  );
}

/** The guard reads the signed-out notice of the screen being shown, if it has one (SPEC §4). */
function GuardedFeatures() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { signedOut?: SignedOutNotice } | undefined;
  return (
    <RouteGuard signedOut={handle?.signedOut}>
      <FeatureLayout />
    </RouteGuard>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/login" replace /> },
      {
        element: <AuthLayout />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/signup', element: <SignupPage /> },
          { path: '/verify-email', element: <VerifyEmailPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
        ],
      },
      {
        element: <GuardedFeatures />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          {
            path: '/faces',
            lazy: screen(() => import('../features/faces/faces-page.tsx'), (m) => m.FacesPage),
            handle: { signedOut: { message: 'User not authenticated. Please log in first.', delayMs: 3000 } },
          },
          {
            path: '/faces/add',
            lazy: screen(() => import('../features/faces/add-face-page.tsx'), (m) => m.AddFacePage),
            handle: { signedOut: { message: 'User not authenticated. Please log in.', delayMs: 2000 } },
          },
          {
            path: '/sos',
            lazy: screen(() => import('../features/sos/sos-page.tsx'), (m) => m.SosPage),
            handle: { signedOut: { message: 'You must be logged in to manage emergency contacts.', delayMs: 3000 } },
          },
          { path: '/manual', lazy: screen(() => import('../features/manual/manual-page.tsx'), (m) => m.ManualPage) },
          { path: '/updates', lazy: screen(() => import('../features/updates/updates-page.tsx'), (m) => m.UpdatesPage) },
          { path: '/profile', lazy: screen(() => import('../features/profile/profile-page.tsx'), (m) => m.ProfilePage) },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
