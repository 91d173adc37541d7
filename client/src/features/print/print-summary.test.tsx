// The print view through the whole app: the medic's and the patient's routes, the emergency
// essentials before everything else, both languages, empty parts that say so, and the Print button.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTrpcServer, fail, ok } from '../../test/fake-trpc-server';
import { medicUser, patientUser, renderApp, sessionFor } from '../../test/render-app';
import { patientSelf } from '../../test/dashboard-fixtures';
import { appointment, bareDetail, fullDetail, vital } from '../../test/record-fixtures';
import { renderSignedIn } from '../../test/signed-in';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function renderMedicPrint({ detail = fullDetail(), practice = 'Consultorio San Rafael' as string | null, language = 'en' as 'en' | 'es' } = {}) {
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user: medicUser }),
    'medics.patientDetail': () => ok(detail),
    'practice.info': () => ok({ name: practice }),
  });
  const app = renderApp({ path: `/medic/patient/${detail.patient.idPatient}/print`, session: sessionFor(medicUser), language });
  return { server, app };
}

const withHistory = () => ({
  ...fullDetail(),
  pathologicalRecords: [
    { idRecord: 1, condition: 'Asma', diagnosisDate: '2010-05-02', status: 'Chronic' as const, notes: null },
    { idRecord: 2, condition: 'Hipertensión', diagnosisDate: null, status: 'Active' as const, notes: null },
    { idRecord: 3, condition: 'Varicela', diagnosisDate: '1995-03-01', status: 'Resolved' as const, notes: null },
  ],
  vitals: [vital(1, '2025-01-10'), { ...vital(2, '2025-03-02'), heartRate: 88 }],
  history: [
    appointment({ idHistory: 1, date: '2025-03-01T10:00', motive: 'Control de asma', medications: ['Salbutamol'], closed: false }),
    appointment({ idHistory: 2, date: '2024-11-01T09:00', motive: 'Gripe', medications: ['Paracetamol'], closed: true }),
  ],
});

/** The text of every section heading, in document order. */
const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('the printable summary', () => {
  it('puts the emergency essentials first, then vitals, appointments and documents, in English', async () => {
    // Ten days after the open visit, so its prescription is current.
    vi.setSystemTime(new Date(2025, 2, 11, 9, 0));
    renderMedicPrint({ detail: withHistory() });
    await screen.findByRole('heading', { level: 1, name: 'Clinical summary: Lucía Hernández Ruiz' });
    expect(headings()).toEqual(['Emergency information', 'Latest vital signs', 'Recent appointments', 'Documents']);

    const essentials = screen.getByRole('region', { name: 'Emergency information' });
    expect(within(essentials).getByText('O+')).toBeInTheDocument();
    const allergies = within(essentials).getByRole('region', { name: 'Allergies' });
    expect(within(allergies).getByRole('row', { name: /Penicilina Severe Urticaria/ })).toBeInTheDocument();
    const conditions = within(essentials).getByRole('region', { name: 'Active conditions' });
    expect(within(conditions).getByText('Asma')).toBeInTheDocument();
    expect(within(conditions).getByText('Hipertensión')).toBeInTheDocument();
    expect(within(conditions).queryByText('Varicela')).not.toBeInTheDocument();
    const medications = within(essentials).getByRole('region', { name: 'Current medications' });
    expect(medications).toHaveTextContent('Salbutamol');
    expect(medications).not.toHaveTextContent('Paracetamol');
    expect(within(essentials).getByRole('region', { name: 'Emergency contacts' })).toHaveTextContent('Mario Hernández');

    // The newest vitals, not the first in the list.
    const vitals = screen.getByRole('region', { name: 'Latest vital signs' });
    expect(vitals).toHaveTextContent('88 bpm');
    expect(vitals).toHaveTextContent(new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(2025, 2, 2)));
    expect(screen.getByText('Consultorio San Rafael')).toBeInTheDocument();
  });

  it('speaks Spanish, dates and severities included', async () => {
    renderMedicPrint({ detail: withHistory(), language: 'es' });
    await screen.findByRole('heading', { level: 1, name: 'Resumen clínico: Lucía Hernández Ruiz' });
    expect(headings()).toEqual(['Información de emergencia', 'Últimos signos vitales', 'Citas recientes', 'Documentos']);
    expect(within(screen.getByRole('region', { name: 'Tabla de alergias' })).getByRole('row', { name: /Penicilina Grave Urticaria/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Padecimientos activos' })).toHaveTextContent('Crónico');
    expect(screen.getByRole('region', { name: 'Últimos signos vitales' })).toHaveTextContent(
      new Intl.DateTimeFormat('es', { dateStyle: 'medium' }).format(new Date(2025, 2, 2)),
    );
  });

  it('puts each table in a named box the keyboard reaches, which scrolls it sideways on a screen narrower than it', async () => {
    renderMedicPrint({ detail: withHistory() });
    await screen.findByRole('heading', { level: 1 });
    for (const [name, row] of [
      ['Allergies table', /Penicilina/],
      ['Active conditions table', /Asma/],
      ['Emergency contacts table', /Mario Hernández/],
      ['Recent appointments table', /Control de asma/],
    ] as const) {
      const box = screen.getByRole('region', { name });
      expect(box, name).toHaveAttribute('tabindex', '0');
      expect(within(within(box).getByRole('table')).getByRole('row', { name: row })).toBeInTheDocument();
    }
  });

  it('leaves out the prescriptions of an open appointment older than 90 days', async () => {
    vi.setSystemTime(new Date(2025, 8, 1, 9, 0));
    renderMedicPrint({ detail: withHistory() });
    const medications = await screen.findByRole('region', { name: 'Current medications' });
    expect(medications).not.toHaveTextContent('Salbutamol');
    expect(medications).toHaveTextContent('No current medications (none prescribed in the last 90 days).');
  });

  it('says so for every empty part, and carries the app name when the practice has none', async () => {
    renderMedicPrint({ detail: bareDetail(), practice: null });
    await screen.findByRole('heading', { level: 1, name: 'Clinical summary: Lucía Hernández Ruiz' });
    for (const sentence of [
      'No known allergies recorded.',
      'No active conditions recorded.',
      'No current medications (none prescribed in the last 90 days).',
      'No emergency contacts recorded.',
      'No vital signs recorded.',
      'No appointments recorded.',
      'No documents on record.',
    ]) {
      expect(screen.getByText(sentence)).toBeInTheDocument();
    }
    const bloodType = within(screen.getByRole('region', { name: 'Emergency information' })).getByText('Blood type', { selector: 'dt' });
    expect(bloodType.nextElementSibling).toHaveTextContent('Not recorded');
    expect(screen.getByText('Expediente')).toBeInTheDocument();
  });

  it('prints with its Print button and hands the page margins their texts', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    renderMedicPrint();
    await screen.findByRole('heading', { level: 1 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    const root = document.documentElement.style;
    expect(root.getPropertyValue('--print-practice')).toBe('"Consultorio San Rafael"');
    expect(root.getPropertyValue('--print-patient')).toBe('"Lucía Hernández Ruiz"');
    expect(root.getPropertyValue('--print-date')).toMatch(/^"Printed on /);
  });

  it('opens from the Print button of the patient page', async () => {
    const { server, app } = renderSignedIn(medicUser, '/medic/patient/11', {
      handlers: {
        'medics.patientDetail': () => ok(fullDetail()),
        'practice.info': () => ok({ name: null }),
      },
      language: 'en',
    });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Print' }));
    expect(app.currentPath()).toBe('/medic/patient/11/print');
    await screen.findByRole('heading', { level: 1, name: 'Clinical summary: Lucía Hernández Ruiz' });
    // The record came from the page's own query, not a second request.
    expect(server.callsTo('medics.patientDetail')).toHaveLength(1);
  });

  it("prints a patient's own record from their dashboard", async () => {
    const { app } = renderSignedIn(patientUser, '/dashboard', {
      handlers: {
        'patients.me': () => ok(patientSelf({ allergies: [{ idPatientAllergy: 4, allergyName: 'Látex', severity: 'Mild', type: null, reaction: null }] })),
        'practice.info': () => ok({ name: 'Consultorio San Rafael' }),
      },
      language: 'es',
    });
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Imprimir' }));
    expect(app.currentPath()).toBe('/dashboard/print');
    await screen.findByRole('heading', { level: 1, name: `Resumen clínico: ${patientUser.name} ${patientUser.lname}` });
    expect(screen.getByRole('row', { name: /Látex Leve/ })).toBeInTheDocument();
  });

  it('says when the record cannot be loaded', async () => {
    renderSignedIn(medicUser, '/medic/patient/11/print', {
      handlers: {
        'medics.patientDetail': () => fail('PATIENT_NOT_FOUND'),
        'practice.info': () => ok({ name: null }),
      },
      language: 'en',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The record could not be loaded for printing.');
  });
});
