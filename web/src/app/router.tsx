import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from '../components/layout/layout';
import { LoginGuard } from '../components/login-guard';
import { paths } from './paths';

const LandingPage = lazy(() => import('../pages/landing/landing-page').then((m) => ({ default: m.LandingPage })));
const DashboardPage = lazy(() => import('../pages/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const NotFoundPage = lazy(() => import('../pages/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={paths.home.path} element={<LandingPage />} />
        <Route element={<LoginGuard />}>
          <Route path={paths.dashboard.path} element={<DashboardPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
