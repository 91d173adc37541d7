// /dashboard is the medic's patient list or the patient's own overview (SPEC §2); each is its own
// chunk, so a patient never downloads the medic screens.
import { lazy } from 'react';
import { useSession } from '../features/auth/use-session';

const MedicHomePage = lazy(() => import('./medic-home').then((module) => ({ default: module.MedicHomePage })));
const PatientHomePage = lazy(() => import('./patient-home').then((module) => ({ default: module.PatientHomePage })));

export function DashboardPage() {
  const session = useSession();
  return session?.user.type === 'medic' ? <MedicHomePage /> : <PatientHomePage />;
}
