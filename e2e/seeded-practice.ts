// A practice with something on every page, made through the API for the journeys that look at whole
// pages (accessibility, phone layouts): a medic whose patient Lucía Hernández has an item in every
// section of the record, today's consultation with a prescription, two documents, two more patients,
// a second medic's pending request to see the record, a medic waiting for approval, and an emergency
// access to a patient who is not the medic's.
import { samplePdf, samplePng } from '../server/test/sample-files';
import { callApiAs, linkedPatientId, registerViaApi, uniqueEmail, type ApiSession, type App } from './harness';

export const PASSWORD = 'secreto-123';
export const PATIENT_NAME = 'Lucía Hernández';

export interface SeededPractice {
  medic: ApiSession;
  /** Lucía Hernández, signed in: the patient with every section filled. */
  patient: ApiSession;
  idPatient: number;
  /** Today's consultation (08:00, "Revisión"), still open, with a prescription. */
  idTodaysConsultation: number;
  idPrescription: number;
  /** A patient who is not the medic's, whom emergencyMedic opened in an emergency. */
  stranger: { email: string; name: string; idPatient: number };
  emergencyMedic: ApiSession;
}

/** A day as the practice writes it: YYYY-MM-DD in local time. */
export const isoDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

async function upload(app: App, medic: ApiSession, idPatient: number, file: { name: string; type: string; bytes: Buffer }, comment: string): Promise<void> {
  const form = new FormData();
  form.append('comment', comment);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await app.fetch(`${app.url}/api/medics/patients/${idPatient}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${medic.access_token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload ${file.name}: ${response.status} ${await response.text()}`);
}

export async function seedPractice(app: App): Promise<SeededPractice> {
  const api = (session: ApiSession, method: string, path: string, body: object | undefined, expected: number) => callApiAs(app, session, method, path, body, expected);
  const medic = await registerViaApi(app, { name: 'Andrea', lname: 'Campos', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
  const email = uniqueEmail('patient');
  const patient = await registerViaApi(app, { name: 'Lucía', lname: 'Hernández', email, password: PASSWORD, type: 'patient', doctorEmail: medic.user.email });
  // More patients, so the medic home shows a grid of them.
  for (const [name, lname] of [['Mario', 'Ruiz'], ['Rosa', 'Jiménez']] as const) {
    await registerViaApi(app, { name, lname, email: uniqueEmail('patient'), password: PASSWORD, type: 'patient', doctorEmail: medic.user.email });
  }
  const idPatient = await linkedPatientId(app, medic, email);

  // An item in every section of the record.
  await api(
    medic,
    'PATCH',
    `/patients/${idPatient}`,
    {
      phone: '5598765432',
      address: 'Av. Juárez 100, CDMX',
      bloodGroup: 'AB',
      bloodRh: '-',
      weight: 61.5,
      height: 164,
      civilStatus: 'Casada',
      profession: 'Arquitecta',
      nationality: 'Mexicana',
      insurance: { name: 'Seguros Azul', type: 'Privado', provider: 'Azul S.A.', policyNumber: 'POL-123' },
      lifestyle: {
        alcohol: { frequency: 'Semanal', quantity: '2 copas', type: 'Vino' },
        tobacco: null,
        drugs: null,
        physicalActivity: { frequency: 'Diaria', type: 'Caminar', duration: '30 min' },
      },
    },
    200,
  );
  await api(medic, 'POST', `/patients/${idPatient}/allergies`, { allergyName: 'Penicilina', severity: 'Severe', type: 'Medicamento', reaction: 'Anafilaxia' }, 201);
  await api(medic, 'POST', `/patients/${idPatient}/pathological-records`, { condition: 'Asma', status: 'Chronic', diagnosisDate: '2015-06-01', notes: 'Controlada' }, 201);
  for (let month = 0; month < 6; month += 1) {
    const date = new Date();
    date.setMonth(date.getMonth() - month);
    await api(
      medic,
      'POST',
      `/patients/${idPatient}/vitals`,
      { date: isoDay(date), systolic: 118 + month, diastolic: 76, heartRate: 64 + month, temperature: 36.6, oxygenSaturation: 97, respiratoryRate: 16, weight: 61 + month / 2 },
      201,
    );
  }
  await api(medic, 'POST', `/patients/${idPatient}/labs`, { testName: 'Glucosa', value: '92', unit: 'mg/dL', referenceRange: '70-100', date: '2025-02-01', comment: 'En ayunas' }, 201);
  await api(medic, 'POST', `/patients/${idPatient}/vaccines`, { vaccineName: 'Influenza', date: '2024-10-15', dose: 'Única', manufacturer: 'Sanofi', nextDose: '2025-10-15' }, 201);
  await api(medic, 'POST', `/patients/${idPatient}/contacts`, { name: 'Mario Hernández', relationship: 'Hermano', phone: '5599887766', email: 'mario@example.test' }, 201);
  await api(medic, 'POST', '/clinical-history', { idPatient, date: '2025-01-10T10:00', motive: 'Control de asma', notes: 'Sin crisis', medications: ['Salbutamol inhalado'], diagnosisIds: ['J45'] }, 201);
  const todays = (await api(medic, 'POST', '/clinical-history', { idPatient, date: `${isoDay(new Date())}T08:00`, motive: 'Revisión', medications: ['Budesonida'] }, 201)) as {
    idHistory: number;
  };
  // A prescription on today's appointment, for the printed receta (it needs the medic's licence number).
  await api(medic, 'PATCH', '/medics/me', { specialty: 'Neumología', licenseNumber: '12345678' }, 200);
  const prescription = (await api(
    medic,
    'POST',
    `/clinical-history/${todays.idHistory}/prescriptions`,
    { items: [{ drug: 'Budesonida', strength: '200 mcg', form: 'inhalador', route: 'vía inhalada', dose: '1 inhalación', frequency: 'cada 12 horas', duration: '30 días' }] },
    201,
  )) as { idPrescription: number };
  await upload(app, medic, idPatient, { name: 'radiografia.png', type: 'image/png', bytes: samplePng }, 'Tórax PA');
  await upload(app, medic, idPatient, { name: 'analisis.pdf', type: 'application/pdf', bytes: samplePdf }, 'Biometría hemática');

  // A second medic's request waits on the patient's dashboard, and that medic waits on the administrator.
  const other = await registerViaApi(app, { name: 'Pablo', lname: 'Soto', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
  await api(other, 'POST', '/medics/link-patient', { patientEmail: email }, 202);
  await app.fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Elena', lname: 'Pendiente', email: uniqueEmail('pending'), password: PASSWORD, type: 'medic' }),
  });
  // A patient who is not the medic's, found by exact email for a request or emergency access, and one
  // emergency access so the administrator has one to list.
  const strangerEmail = uniqueEmail('stranger');
  await registerViaApi(app, { name: 'Rosa', lname: 'Nieto', email: strangerEmail, password: PASSWORD, type: 'patient' });
  const emergencyMedic = await registerViaApi(app, { name: 'Inés', lname: 'Urgencias', email: uniqueEmail('medic'), password: PASSWORD, type: 'medic' });
  const access = (await api(emergencyMedic, 'POST', '/medics/emergency-access', { patientEmail: strangerEmail, reason: 'Paciente inconsciente en urgencias' }, 200)) as {
    patient: { idPatient: number };
  };

  return {
    medic,
    patient,
    idPatient,
    idTodaysConsultation: todays.idHistory,
    idPrescription: prescription.idPrescription,
    stranger: { email: strangerEmail, name: 'Rosa Nieto', idPatient: access.patient.idPatient },
    emergencyMedic,
  };
}
