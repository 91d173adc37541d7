// Shared by the patient-record and documents journeys: a medic and a linked patient made through
// the API, and a signed-in tab in the chosen language opened on the patient's page.
import { linkedPatientId, openAppTab, registerViaApi, uniqueEmail, type App, type ApiSession, type Locale, type Tab } from './harness';

const PASSWORD = 'secreto-123';

export interface LinkedPatient {
  medic: ApiSession;
  idPatient: number;
  fullName: string;
}

/** A medic, and a patient who named that medic at registration (so they are linked). */
export async function medicWithPatient(app: App): Promise<LinkedPatient> {
  const medic = await registerViaApi(app, { name: 'Andrea', lname: 'Campos', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
  const patientEmail = uniqueEmail('patient');
  await registerViaApi(app, {
    name: 'Lucía',
    lname: 'Hernández',
    email: patientEmail,
    password: PASSWORD,
    type: 'patient',
    doctorEmail: medic.user.email,
  });
  return { medic, idPatient: await linkedPatientId(app, medic, patientEmail), fullName: 'Lucía Hernández' };
}

/** A tab already signed in as the medic, in `language`, on the patient's page. */
export async function openPatientPage(app: App, browser: Parameters<typeof openAppTab>[0], locale: Locale, linked: LinkedPatient): Promise<Tab> {
  const tab = await openAppTab(browser, locale, app.url, linked.medic);
  await tab.page.goto(`/medic/patient/${linked.idPatient}`);
  await tab.page.getByRole('heading', { level: 1, name: linked.fullName }).waitFor();
  return tab;
}
