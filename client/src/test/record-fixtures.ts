// Shared by the patient page's tests: a patient detail as the server sends it, and the page
// rendered through the whole app against the fake tRPC server.
import { localDay } from '../../../shared/dates';
import type { Addendum, Prescription, PrescriptionItem } from '../../../shared/prescriptions';
import type { ClinicalHistory, Lab, Vital } from '../../../shared/record';
import { fakeTrpcServer, ok } from './fake-trpc-server';
import { medicUser, renderApp, sessionFor } from './render-app';
import { appointmentOf, type AppointmentOverrides } from './appointment-fixture';
import { emptyRecordParts } from './empty-record-parts';
import type { PatientDetail } from '../lib/api-types';

export const today = localDay(new Date());

export const appointment = (overrides: AppointmentOverrides): ClinicalHistory => appointmentOf({ idPatient: 11, idMedic: 3, motive: 'Control' }, overrides);

/** A prescription item with only the drug; the rest as given. */
export const prescriptionItem = (drug: string, overrides: Partial<PrescriptionItem> = {}): PrescriptionItem => ({
  drug,
  strength: null,
  form: null,
  route: null,
  presentation: null,
  packages: null,
  dose: null,
  frequency: null,
  duration: null,
  instructions: null,
  ...overrides,
});

/** A prescription issued by the fixtures' medic (Andrés Mora, idMedic 3) to patient 11. */
export function prescription(overrides: Partial<Prescription> & Pick<Prescription, 'idPrescription' | 'idHistory' | 'issuedAt'>): Prescription {
  return {
    number: `${overrides.issuedAt.slice(0, 4)}-${String(overrides.idPrescription).padStart(6, '0')}`,
    medic: { idMedic: 3, name: 'Andrés', lname: 'Mora', specialty: null, licenseNumber: '1234567' },
    patient: { idPatient: 11, name: 'Lucía', lname: 'Hernández Ruiz', birthDate: null, documentNumber: null },
    practice: { name: 'Expediente', address: null, city: null, phone: null },
    diagnoses: [],
    items: [prescriptionItem('Paracetamol')],
    notes: null,
    voidedAt: null,
    voidReason: null,
    ...overrides,
  };
}

export const addendum = (overrides: Partial<Addendum> & Pick<Addendum, 'idAddendum' | 'at' | 'text'>): Addendum => ({
  medic: { idMedic: 3, name: 'Andrés', lname: 'Mora' },
  ...overrides,
});

export const vital = (idVital: number, date = '2025-01-10'): Vital => ({
  idVital,
  date,
  systolic: 120,
  diastolic: 80,
  heartRate: 70,
  temperature: 36.6,
  oxygenSaturation: 98,
  respiratoryRate: 16,
  weight: 71.5,
  idHistory: null,
});

export const lab = (overrides: Partial<Lab> & Pick<Lab, 'idLabs'>): Lab => ({
  idContent: null,
  testName: null,
  value: null,
  unit: null,
  referenceRange: null,
  date: '2025-02-01',
  comment: null,
  idHistory: null,
  ...overrides,
});

/** A patient with only the basics: nothing optional filled in. */
export function bareDetail(): PatientDetail {
  return {
    patient: {
      idPatient: 11,
      idUser: 7,
      name: 'Lucía',
      lname: 'Hernández Ruiz',
      email: 'lucia@example.com',
      phone: null,
      extraPhone: '',
      address: null,
      addressSpecific: '',
      bloodGroup: null,
      bloodRh: null,
      civilStatus: null,
      birthDate: null,
      sex: null,
      weight: null,
      height: null,
      policy: '',
      documentNumber: null,
    },
    history: [],
    ...emptyRecordParts(),
    emergencyAccess: null,
    // Nothing left to page through (API.md "Long histories"); a test of a long record sets these.
    historyTotal: 0,
    historyNextCursor: null,
    vitalsTotal: 0,
    vitalsNextCursor: null,
    labsTotal: 0,
    labsNextCursor: null,
  };
}

/** A patient with something in every section. */
export function fullDetail(): PatientDetail {
  const detail = bareDetail();
  return {
    ...detail,
    patient: {
      ...detail.patient,
      phone: '5512345678',
      address: 'Calle Roble 12, Guadalajara',
      bloodGroup: 'O',
      bloodRh: '+',
      civilStatus: 'Casada',
      weight: 61.5,
      height: 164,
      documentNumber: 'HERL900101',
    },
    profession: { id: 1, name: 'Ingeniera' },
    nationality: { id: 1, name: 'Mexicana' },
    documentType: { id: 1, name: 'CURP' },
    insurance: { name: 'Seguro Popular', type: 'Público', provider: 'IMSS', policyNumber: 'P-123' },
    lifestyle: { alcohol: { frequency: 'Ocasional', quantity: null, type: 'Vino' }, tobacco: null, drugs: null, physicalActivity: null },
    allergies: [{ idPatientAllergy: 1, allergyName: 'Penicilina', severity: 'Severe', type: 'Medicamento', reaction: 'Urticaria' }],
    pathologicalRecords: [{ idRecord: 1, condition: 'Asma', diagnosisDate: '2010-05-02', status: 'Chronic', notes: null }],
    vitals: [vital(1)],
    labs: [lab({ idLabs: 1, idContent: 40, testName: 'Glucosa', value: '92', unit: 'mg/dL', referenceRange: '70-100' })],
    vaccines: [{ idVaccine: 1, vaccineName: 'Influenza', date: '2024-10-01', dose: '1', manufacturer: null, nextDose: null }],
    contacts: [{ idContact: 1, name: 'Mario Hernández', relationship: 'Padre', phone: '5599887766', email: null, address: null }],
  };
}

type Handlers = Parameters<typeof fakeTrpcServer>[0];

/** The patient page at /medic/patient/11; extra handlers win. */
export function renderPatientPage({
  detail = fullDetail(),
  handlers = {},
  language = 'en',
  search = '',
}: { detail?: PatientDetail; handlers?: Handlers; language?: 'es' | 'en'; search?: string } = {}) {
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user: medicUser }),
    // The signed-in medic holds the fixtures' appointments (idMedic 3) unless a test says otherwise.
    'medics.me': () => ok({ idMedic: 3 }),
    'medics.patientDetail': () => ok(detail),
    ...handlers,
  });
  const app = renderApp({ path: `/medic/patient/${detail.patient.idPatient}${search}`, session: sessionFor(medicUser), language });
  return { server, app };
}
