// SPEC §2's routes. Every page is its own chunk, so the sign-in page stays light (the dashboard, which
// only picks the user's home, is part of the app's own code). While the practice is locked
// (practice-lock.ts) there is one page, the unlock page or, for a new practice, the set-up page, and
// every other address leads to it.
import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../components/spinner';
import { lockPagePath, usePracticeLock, type PracticeLock } from '../features/practice-lock/practice-lock';
// The homes are loaded ahead by sign-in (home-pages.ts); the dashboard only picks one of them.
import { DashboardPage } from '../pages/dashboard';
import { MedicHomePage } from '../pages/home-pages';
import { ProtectedRoute } from './protected-route';
import { PublicOnlyRoute } from './public-only-route';

const UnlockPage = lazy(() => import('../pages/unlock').then((module) => ({ default: module.UnlockPage })));
const SetUpPage = lazy(() => import('../pages/set-up').then((module) => ({ default: module.SetUpPage })));
const LoginPage = lazy(() => import('../pages/login').then((module) => ({ default: module.LoginPage })));
const RegisterPage = lazy(() => import('../pages/register').then((module) => ({ default: module.RegisterPage })));
const PatientDetailPage = lazy(() =>
  import('../pages/patient-detail').then((module) => ({ default: module.PatientDetailPage })),
);
const ChangePasswordPage = lazy(() =>
  import('../pages/change-password').then((module) => ({ default: module.ChangePasswordPage })),
);
const SecurityPage = lazy(() => import('../pages/security').then((module) => ({ default: module.SecurityPage })));
const MedicProfilePage = lazy(() => import('../pages/medic-profile').then((module) => ({ default: module.MedicProfilePage })));
const AdminPage = lazy(() => import('../pages/admin').then((module) => ({ default: module.AdminPage })));
const AdminAuditPage = lazy(() => import('../pages/admin-audit').then((module) => ({ default: module.AdminAuditPage })));
const AgendaPage = lazy(() => import('../pages/agenda').then((module) => ({ default: module.AgendaPage })));
const ApiDocsPage = lazy(() => import('../pages/api-docs').then((module) => ({ default: module.ApiDocsPage })));
const PrintPatientPage = lazy(() => import('../pages/print-patient').then((module) => ({ default: module.PrintPatientPage })));
const PrintSelfPage = lazy(() => import('../pages/print-self').then((module) => ({ default: module.PrintSelfPage })));
const PrintPrescriptionPage = lazy(() =>
  import('../pages/print-prescription').then((module) => ({ default: module.PrintPrescriptionPage })),
);
const PrintOwnPrescriptionPage = lazy(() =>
  import('../pages/print-prescription').then((module) => ({ default: module.PrintOwnPrescriptionPage })),
);

function LockedRoutes({ lock }: { lock: PracticeLock }) {
  return (
    <Switch>
      <Route path={lockPagePath(lock)}>{lock === 'setup' ? <SetUpPage /> : <UnlockPage />}</Route>
      <Route>
        <Redirect to={lockPagePath(lock)} replace />
      </Route>
    </Switch>
  );
}

export function AppRoutes() {
  const { lock } = usePracticeLock();
  if (lock) {
    return (
      <Suspense fallback={<Spinner fullPage />}>
        <LockedRoutes lock={lock} />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<Spinner fullPage />}>
      <Switch>
        <Route path="/login">
          <PublicOnlyRoute>
            <LoginPage />
          </PublicOnlyRoute>
        </Route>
        <Route path="/register">
          <PublicOnlyRoute>
            <RegisterPage />
          </PublicOnlyRoute>
        </Route>
        <Route path="/dashboard/print">
          <ProtectedRoute showBack>
            <PrintSelfPage />
          </ProtectedRoute>
        </Route>
        <Route path="/dashboard/prescriptions/:idPrescription/print">
          <ProtectedRoute showBack>
            <PrintOwnPrescriptionPage />
          </ProtectedRoute>
        </Route>
        <Route path="/dashboard">
          <ProtectedRoute>
            <DashboardPage />
          </ProtectedRoute>
        </Route>
        <Route path="/medic/patients">
          <ProtectedRoute medicOnly>
            <MedicHomePage />
          </ProtectedRoute>
        </Route>
        <Route path="/medic/patient/:id/print">
          <ProtectedRoute medicOnly showBack>
            <PrintPatientPage />
          </ProtectedRoute>
        </Route>
        <Route path="/medic/patient/:id/prescriptions/:idPrescription/print">
          <ProtectedRoute medicOnly showBack>
            <PrintPrescriptionPage />
          </ProtectedRoute>
        </Route>
        <Route path="/medic/patient/:id">
          <ProtectedRoute medicOnly showBack>
            <PatientDetailPage />
          </ProtectedRoute>
        </Route>
        <Route path="/change-password">
          <ProtectedRoute showBack>
            <ChangePasswordPage />
          </ProtectedRoute>
        </Route>
        <Route path="/security">
          <ProtectedRoute showBack>
            <SecurityPage />
          </ProtectedRoute>
        </Route>
        <Route path="/profile">
          <ProtectedRoute medicOnly showBack>
            <MedicProfilePage />
          </ProtectedRoute>
        </Route>
        <Route path="/agenda">
          <ProtectedRoute medicOnly>
            <AgendaPage />
          </ProtectedRoute>
        </Route>
        <Route path="/admin/audit">
          <ProtectedRoute adminOnly showBack>
            <AdminAuditPage />
          </ProtectedRoute>
        </Route>
        <Route path="/admin">
          <ProtectedRoute adminOnly showBack>
            <AdminPage />
          </ProtectedRoute>
        </Route>
        <Route path="/api/docs">
          <ApiDocsPage />
        </Route>
        <Route>
          <Redirect to="/dashboard" replace />
        </Route>
      </Switch>
    </Suspense>
  );
}
