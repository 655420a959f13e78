import { lazy } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { GuestGuard } from '../components/guest-guard';
import { Layout } from '../components/layout/layout';
import { LoginGuard } from '../components/login-guard';
import { InactivityMonitor } from '../features/inactivity/inactivity-monitor';
import { paths } from './paths';

const LandingPage = lazy(() => import('../pages/landing/landing-page').then((m) => ({ default: m.LandingPage })));
const SignupPage = lazy(() => import('../pages/auth/signup-page').then((m) => ({ default: m.SignupPage })));
const LoginPage = lazy(() => import('../pages/auth/login-page').then((m) => ({ default: m.LoginPage })));
const RegisterDevicePage = lazy(() =>
  import('../pages/auth/register-device-page').then((m) => ({ default: m.RegisterDevicePage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../pages/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() => import('../pages/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const ConfirmEmailPage = lazy(() => import('../pages/auth/confirm-email-page').then((m) => ({ default: m.ConfirmEmailPage })));
const DashboardPage = lazy(() => import('../pages/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const NotFoundPage = lazy(() => import('../pages/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/** Every signed-in page watches for inactivity. */
function SignedInArea() {
  return (
    <>
      <Outlet />
      <InactivityMonitor />
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={paths.home.path} element={<LandingPage />} />
        <Route element={<GuestGuard />}>
          <Route path={paths.signup.path} element={<SignupPage />} />
          <Route path={paths.login.path} element={<LoginPage />} />
        </Route>
        <Route path={paths.registerDevice.path} element={<RegisterDevicePage />} />
        <Route path={paths.forgotPassword.path} element={<ForgotPasswordPage />} />
        <Route path={paths.resetPasswordConfirm.path} element={<ResetPasswordPage />} />
        <Route path={paths.confirmEmail.path} element={<ConfirmEmailPage />} />
        <Route element={<LoginGuard />}>
          <Route element={<SignedInArea />}>
            <Route path={paths.dashboard.path} element={<DashboardPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
