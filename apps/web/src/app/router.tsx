import { Navigate, Outlet, useMatches, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { StatusRegion } from '../components/ui/status-region.tsx';
import { paths } from '../lib/paths.ts';
import { DocumentTitle } from './document-title.tsx';
import { AuthLayout } from './layout/auth-layout.tsx';
import { FeatureLayout } from './layout/feature-layout.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteGuard, type SignedOutNotice } from './route-guard.tsx';

/**
 * Every screen loads on first visit, so a page downloads only what its screen needs (issue #14): the forms' code with
 * the form screens, the camera, QR, PDF and dialog code with the screens that use them. The router finishes loading
 * a screen before it shows it, so the old screen stays until the new heading appears and takes focus. main.tsx loads
 * the screen of the address the page was opened at before the first render (load-screens.ts).
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

/** The guard reads the signed-out notice of the screen being shown, if it has one (product §4). */
function GuardedFeatures() {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { signedOut?: SignedOutNotice } | undefined;
  return (
    <RouteGuard signedOut={handle?.signedOut} whilePending={(status) => <FeatureLayout placeholder={status} />}>
      <FeatureLayout />
    </RouteGuard>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    // A signed-in page opened directly loads its screen's code first; meanwhile an empty live region, not a warning.
    hydrateFallbackElement: <StatusRegion />,
    children: [
      { path: paths.home, element: <Navigate to={paths.login} replace /> },
      {
        element: <AuthLayout />,
        children: [
          { path: paths.login, lazy: screen(() => import('../features/auth/login-page.tsx'), (m) => m.LoginPage) },
          { path: paths.signup, lazy: screen(() => import('../features/auth/signup-page.tsx'), (m) => m.SignupPage) },
          { path: paths.forgotPassword, lazy: screen(() => import('../features/auth/forgot-password-page.tsx'), (m) => m.ForgotPasswordPage) },
          { path: paths.verifyEmail, lazy: screen(() => import('../features/auth/verify-email-page.tsx'), (m) => m.VerifyEmailPage) },
          { path: paths.resetPassword, lazy: screen(() => import('../features/auth/reset-password-page.tsx'), (m) => m.ResetPasswordPage) },
          { path: paths.restoreAccount, lazy: screen(() => import('../features/auth/restore-account-page.tsx'), (m) => m.RestoreAccountPage) },
          { path: paths.helperAccept, lazy: screen(() => import('../features/helpers/accept-invitation-page.tsx'), (m) => m.AcceptInvitationPage) },
          { path: paths.helperSignIn, lazy: screen(() => import('../features/helpers/helper-sign-in-page.tsx'), (m) => m.HelperSignInPage) },
          { path: paths.helperForgotPassword, lazy: screen(() => import('../features/helpers/helper-forgot-password-page.tsx'), (m) => m.HelperForgotPasswordPage) },
          { path: paths.helperResetPassword, lazy: screen(() => import('../features/helpers/helper-reset-password-page.tsx'), (m) => m.HelperResetPasswordPage) },
          { path: paths.helperChoose, lazy: screen(() => import('../features/helpers/choose-wearer-page.tsx'), (m) => m.ChooseWearerPage) },
        ],
      },
      {
        element: <GuardedFeatures />,
        children: [
          { path: paths.dashboard, lazy: screen(() => import('../features/dashboard/dashboard-page.tsx'), (m) => m.DashboardPage) },
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
          { path: paths.pair, lazy: screen(() => import('../features/pairing/pair-page.tsx'), (m) => m.PairPage) },
        ],
      },
      {
        element: <PublicLayout />,
        children: [
          { path: paths.help, lazy: screen(() => import('../features/help/help-page.tsx'), (m) => m.HelpPage), handle: { title: 'Help' } },
          {
            path: paths.accessibility,
            lazy: screen(() => import('../features/help/accessibility-page.tsx'), (m) => m.AccessibilityPage),
            handle: { title: 'Accessibility statement' },
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } },
    ],
  },
];
