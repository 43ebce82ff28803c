import { createBrowserRouter, Navigate, Outlet, useMatches } from 'react-router';
import type { ComponentType } from 'react';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { SignupPage } from '../features/auth/signup-page.tsx';
import { VerifyEmailPage } from '../features/auth/verify-email-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { paths } from '../lib/paths.ts';
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
      { path: paths.home, element: <Navigate to={paths.login} replace /> },
      {
        element: <AuthLayout />,
        children: [
          { path: paths.login, element: <LoginPage /> },
          { path: paths.signup, element: <SignupPage /> },
          { path: paths.verifyEmail, element: <VerifyEmailPage /> },
          { path: paths.resetPassword, element: <ResetPasswordPage /> },
        ],
      },
      {
        element: <GuardedFeatures />,
        children: [
          { path: paths.dashboard, element: <DashboardPage /> },
          {
            path: paths.faces,
            lazy: screen(() => import('../features/faces/faces-page.tsx'), (m) => m.FacesPage),
            handle: { signedOut: { message: 'User not authenticated. Please log in first.', delayMs: 3000 } },
          },
          {
            path: paths.addFace,
            lazy: screen(() => import('../features/faces/add-face-page.tsx'), (m) => m.AddFacePage),
            handle: { signedOut: { message: 'User not authenticated. Please log in.', delayMs: 2000 } },
          },
          {
            path: paths.sos,
            lazy: screen(() => import('../features/sos/sos-page.tsx'), (m) => m.SosPage),
            handle: { signedOut: { message: 'You must be logged in to manage emergency contacts.', delayMs: 3000 } },
          },
          { path: paths.manual, lazy: screen(() => import('../features/manual/manual-page.tsx'), (m) => m.ManualPage) },
          { path: paths.updates, lazy: screen(() => import('../features/updates/updates-page.tsx'), (m) => m.UpdatesPage) },
          { path: paths.profile, lazy: screen(() => import('../features/profile/profile-page.tsx'), (m) => m.ProfilePage) },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
