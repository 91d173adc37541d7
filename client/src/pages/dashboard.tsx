// /dashboard is the medic's patient list or the patient's own overview (SPEC §2); each is its own
// chunk (home-pages.ts).
import { useSession } from '../features/auth/use-session';
import { MedicHomePage, PatientHomePage } from './home-pages';

export function DashboardPage() {
  const session = useSession();
  return session?.user.type === 'medic' ? <MedicHomePage /> : <PatientHomePage />;
}
