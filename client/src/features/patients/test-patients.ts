// Shared by this feature's tests: list items as the server sends them, and the medic's home
// rendered through the whole app against the fake tRPC server.
import type { LinkRequestForMedic, PatientListItem, PatientSearchResult } from '../../../../shared/patients';
// Loaded up front: the app imports the page lazily, and transforming it inside the first test of a
// busy run can outlast testing-library's one-second wait.
import '../../pages/medic-home';
import { fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { medicUser, renderApp, sessionFor } from '../../test/render-app';

export function listItem(overrides: Partial<PatientListItem> & Pick<PatientListItem, 'idPatient' | 'name' | 'lname'>): PatientListItem {
  return {
    email: `${overrides.name.toLowerCase()}@example.com`,
    phone: null,
    bloodGroup: null,
    bloodRh: null,
    lastAppointment: null,
    nextAppointment: null,
    appointmentCount: 0,
    ...overrides,
  };
}

export const lucia = listItem({
  idPatient: 11,
  name: 'Lucía',
  lname: 'Hernández Ruiz',
  email: 'lucia@example.com',
  phone: '5512345678',
  bloodGroup: 'O',
  bloodRh: '+',
  lastAppointment: '2025-03-03T10:30',
  appointmentCount: 4,
});
export const mateo = listItem({ idPatient: 12, name: 'Mateo', lname: 'Gómez', email: 'mateo.g@example.com', phone: '5587654321' });
export const sofia = listItem({ idPatient: 13, name: 'Sofía', lname: 'Ramírez', email: 'sramirez@example.com', bloodGroup: 'AB' });

/** A patient as the link search finds them: not linked unless said. */
export function searchResult(overrides: Partial<PatientSearchResult> & Pick<PatientSearchResult, 'idPatient' | 'name' | 'lname'>): PatientSearchResult {
  return { email: `${overrides.name.toLowerCase()}@example.com`, phone: null, linked: false, ...overrides };
}

export const elena = searchResult({ idPatient: 21, name: 'Elena', lname: 'Vidal', email: 'elena@example.com', phone: '5544443333' });

/** An access request as the medic's list shows it. */
export function linkRequest(
  idRequest: number,
  patient: Pick<PatientSearchResult, 'idPatient' | 'name' | 'lname' | 'email'>,
  overrides: Partial<LinkRequestForMedic> = {},
): LinkRequestForMedic {
  const { idPatient, name, lname, email } = patient;
  return { idRequest, patient: { idPatient, name, lname, email }, createdAt: '2025-03-04T15:30:00.000Z', status: 'pending', ...overrides };
}

type Handlers = Parameters<typeof fakeTrpcServer>[0];

/** The medic's home at /medic/patients with `patients` linked; extra handlers win. */
export function renderMedicHome({
  patients = [lucia, mateo, sofia],
  handlers = {},
  language = 'en',
}: { patients?: PatientListItem[]; handlers?: Handlers; language?: 'es' | 'en' } = {}) {
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user: medicUser }),
    'medics.myPatients': () => ok({ patients }),
    'medics.linkRequests': () => ok({ requests: [] }),
    ...handlers,
  });
  const app = renderApp({ path: '/medic/patients', session: sessionFor(medicUser), language });
  return { server, app };
}
