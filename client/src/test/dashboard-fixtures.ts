// Shared by this feature's tests: a patient's own record as the server sends it, and the
// dashboard rendered through the whole app against the fake tRPC server.
import { fakeTrpcServer, ok } from './fake-trpc-server';
import { patientUser, renderApp, sessionFor } from './render-app';
import type { Appointment, Doctor, PatientSelf } from '../lib/api-types';
import { appointmentOf, type AppointmentOverrides } from './appointment-fixture';
import { emptyRecordParts } from './empty-record-parts';

export const drAna: Doctor = {
  idMedic: 21,
  name: 'Ana',
  lname: 'Ruiz',
  email: 'ana.ruiz@example.com',
  phone: null,
  whatsapp: '+52 55 1111 2222',
  about: 'Medicina familiar',
  specialty: null,
  licenseNumber: null,
};
export const drLuis: Doctor = {
  idMedic: 22,
  name: 'Luis',
  lname: 'Pérez',
  email: 'luis.perez@example.com',
  phone: null,
  whatsapp: null,
  about: null,
  specialty: null,
  licenseNumber: null,
};

export const appointment = (overrides: AppointmentOverrides): Appointment => appointmentOf({ idPatient: 5, idMedic: 21, motive: 'Revisión' }, overrides);

/** A patient with nothing on record but their account; overrides fill in parts. */
export function patientSelf(overrides: Partial<PatientSelf> = {}): PatientSelf {
  return {
    patient: {
      idPatient: 5,
      idUser: patientUser.idUser,
      name: patientUser.name,
      lname: patientUser.lname,
      email: patientUser.email,
      phone: patientUser.phone,
      extraPhone: '',
      address: 'Calle Luna 12, Puebla',
      addressSpecific: '',
      bloodGroup: 'O',
      bloodRh: '+',
      civilStatus: 'Soltera',
      birthDate: null,
      sex: null,
      weight: 61.5,
      height: 165,
      policy: '',
      documentNumber: null,
    },
    doctors: [drAna],
    ...emptyRecordParts(),
    clinicalHistories: [],
    linkRequests: [],
    // The record holds what it carries: nothing is left to page through (API.md "Long histories").
    historyTotal: overrides.clinicalHistories?.length ?? 0,
    historyNextCursor: null,
    vitalsTotal: overrides.vitals?.length ?? 0,
    vitalsNextCursor: null,
    labsTotal: overrides.labs?.length ?? 0,
    labsNextCursor: null,
    ...overrides,
  };
}

type Handlers = Parameters<typeof fakeTrpcServer>[0];

/** The patient's /dashboard with `self` as their record; extra handlers win. */
export function renderDashboard({
  self = patientSelf(),
  handlers = {},
  language = 'en',
}: { self?: PatientSelf; handlers?: Handlers; language?: 'es' | 'en' } = {}) {
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user: patientUser }),
    'patients.me': () => ok(self),
    ...handlers,
  });
  const app = renderApp({ path: '/dashboard', session: sessionFor(patientUser), language });
  return { server, app };
}
