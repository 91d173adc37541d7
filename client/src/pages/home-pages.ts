// Each user's home (/dashboard): the medic's patient list or the patient's own overview, each its own
// chunk, so that a patient never downloads the medic screens. Signing in loads the home's code before
// showing it (lib/page-code.ts), so the home appears whole instead of behind a spinner.
import type { User } from '../../../shared/auth';
import { lazyPage } from '../lib/lazy-page';

export const MedicHomePage = lazyPage(() => import('./medic-home').then((module) => module.MedicHomePage));
export const PatientHomePage = lazyPage(() => import('./patient-home').then((module) => module.PatientHomePage));

/** The code of the page at `path` when it is the user's home; any other page loads as it is shown. */
export function loadHomeCode(path: string, user: User): Promise<void> {
  if (user.mustChangePassword) return Promise.resolve();
  if (path === '/dashboard') return user.type === 'medic' ? MedicHomePage.load() : PatientHomePage.load();
  if (path === '/medic/patients' && user.type === 'medic') return MedicHomePage.load();
  return Promise.resolve();
}
