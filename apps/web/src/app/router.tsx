import { createBrowserRouter, Navigate, Outlet, useMatches } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { SignupPage } from '../features/auth/signup-page.tsx';
import { VerifyEmailPage } from '../features/auth/verify-email-page.tsx';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { AddFacePage } from '../features/faces/add-face-page.tsx';
import { FacesPage } from '../features/faces/faces-page.tsx';
import { ManualPage } from '../features/manual/manual-page.tsx';
import { ProfilePage } from '../features/profile/profile-page.tsx';
import { SosPage } from '../features/sos/sos-page.tsx';
import { UpdatesPage } from '../features/updates/updates-page.tsx';
import { DocumentTitle } from './document-title.tsx';
import { AuthLayout } from './layout/auth-layout.tsx';
import { FeatureLayout } from './layout/feature-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteGuard, type SignedOutNotice } from './route-guard.tsx';

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
            element: <FacesPage />,
            handle: { signedOut: { message: 'User not authenticated. Please log in first.', delayMs: 3000 } },
          },
          {
            path: '/faces/add',
            element: <AddFacePage />,
            handle: { signedOut: { message: 'User not authenticated. Please log in.', delayMs: 2000 } },
          },
          {
            path: '/sos',
            element: <SosPage />,
            handle: { signedOut: { message: 'You must be logged in to manage emergency contacts.', delayMs: 3000 } },
          },
          { path: '/manual', element: <ManualPage /> },
          { path: '/updates', element: <UpdatesPage /> },
          { path: '/profile', element: <ProfilePage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
