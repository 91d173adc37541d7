// The printed receta through the whole app: every field the two regulations ask for, in Spanish and
// in English, the paper and language chosen on screen, the void mark, the patient's own route, and
// a receta that cannot be read.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Prescription } from '../../../../shared/prescriptions';
import { fakeTrpcServer, fail, ok } from '../../test/fake-trpc-server';
import { medicUser, patientUser, renderApp, sessionFor } from '../../test/render-app';
import { PAPER_STORAGE_KEY } from './paper-choice';
import { renderSignedIn } from '../../test/signed-in';

afterEach(() => {
  vi.restoreAllMocks();
});

function receta(overrides: Partial<Prescription> = {}): Prescription {
  return {
    idPrescription: 42,
    idHistory: 9,
    number: '2026-000123',
    issuedAt: '2026-03-04T10:30',
    medic: { idMedic: 3, name: 'Andrés', lname: 'Mora', specialty: 'Medicina familiar', licenseNumber: '12345678' },
    patient: { idPatient: 11, name: 'Lucía', lname: 'Hernández Ruiz', birthDate: '1973-09-15', documentNumber: 'HERL730915MPLRZC09' },
    practice: { name: 'Consultorio San Rafael', address: 'Av. Juárez 120', city: 'Puebla', phone: '222 123 4567' },
    diagnoses: [{ code: 'J02.9', name: 'Faringitis aguda, no especificada' }],
    items: [
      {
        drug: 'Amoxicilina',
        strength: '500 mg',
        form: 'cápsulas',
        route: 'vía oral',
        presentation: 'Caja con 21',
        packages: '1',
        dose: '1 cápsula',
        frequency: 'cada 8 horas',
        duration: '7 días',
        instructions: 'Tomar con alimentos.',
      },
      {
        drug: 'Paracetamol',
        strength: '500 mg',
        form: 'tabletas',
        route: 'vía oral',
        presentation: null,
        packages: '2',
        dose: '1 tableta',
        frequency: 'cada 6 horas si hay fiebre',
        duration: '3 días',
        instructions: null,
      },
    ],
    notes: 'Volver si la fiebre dura más de 3 días.',
    voidedAt: null,
    voidReason: null,
    ...overrides,
  };
}

function renderReceta({ prescription = receta(), language = 'en' as 'en' | 'es', as = 'medic' as 'medic' | 'patient' } = {}) {
  const user = as === 'medic' ? medicUser : patientUser;
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user }),
    'clinicalHistory.prescription': () => ok(prescription),
  });
  const path = as === 'medic' ? `/medic/patient/11/prescriptions/${prescription.idPrescription}/print` : `/dashboard/prescriptions/${prescription.idPrescription}/print`;
  const app = renderApp({ path, session: sessionFor(user), language });
  return { server, app };
}

const sheet = (name: string) => screen.getByRole('article', { name });

describe('the printed receta', () => {
  it('carries the practice, the prescriber, the patient, the date, the number, the diagnoses, every item, the notes and a signature line, in English', async () => {
    const { server } = renderReceta();
    await screen.findByRole('heading', { level: 1, name: 'Medical prescription' });
    const paper = sheet('Medical prescription');
    const text = paper.textContent!.replace(/\s+/g, ' ');

    for (const fact of ['Consultorio San Rafael', 'Av. Juárez 120', 'Puebla · Tel. 222 123 4567', 'Medicina familiar', 'Licence no.: 12345678']) expect(text).toContain(fact);
    expect(within(paper).getAllByText('Andrés Mora')).toHaveLength(2);
    expect(within(paper).getByText('Signature')).toBeInTheDocument();

    const facts = Object.fromEntries(within(paper).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toEqual({
      'Prescription no.': '2026-000123',
      'Date and time': new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(2026, 2, 4, 10, 30)),
      Patient: 'Lucía Hernández Ruiz',
      // On the day it was issued, not on the day it is printed.
      Age: '52 years',
      'Year of birth': '1973',
      'Identity document': 'HERL730915MPLRZC09',
    });

    expect(within(paper).getByRole('region', { name: 'Diagnosis' })).toHaveTextContent('J02.9 Faringitis aguda, no especificada');
    const items = within(within(paper).getByRole('region', { name: 'Prescribed medicines' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Amoxicilina 500 mg, cápsulas, vía oral1 cápsula cada 8 horas for 7 díasCaja con 21 — 1 packageTomar con alimentos.',
      'Paracetamol 500 mg, tabletas, vía oral1 tableta cada 6 horas si hay fiebre for 3 días2 packages',
    ]);
    expect(within(items[0]!).getByText('Amoxicilina 500 mg, cápsulas, vía oral').tagName).toBe('STRONG');
    expect(within(paper).getByRole('region', { name: 'Instructions' })).toHaveTextContent('Volver si la fiebre dura más de 3 días.');
    expect(within(paper).queryByText('VOID')).not.toBeInTheDocument();

    expect(server.calls.find((call) => call.path === 'clinicalHistory.prescription')?.input).toEqual({ idPrescription: 42 });
    expect(document.title).toBe('Expediente · Medical prescription 2026-000123 · Lucía Hernández Ruiz');
  });

  it('speaks Spanish: labels, the licence as cédula or número de colegiado, the age and the joining words', async () => {
    renderReceta({ language: 'es' });
    await screen.findByRole('heading', { level: 1, name: 'Receta médica' });
    const paper = sheet('Receta médica');
    expect(paper).toHaveAttribute('lang', 'es');
    expect(paper).toHaveTextContent('Cédula prof. / Nº colegiado: 12345678');
    expect(paper).toHaveTextContent('Edad52 años');
    expect(paper).toHaveTextContent('Año de nacimiento1973');
    expect(paper).toHaveTextContent('Documento de identidadHERL730915MPLRZC09');
    expect(paper).toHaveTextContent('Receta Nº2026-000123');
    expect(paper).toHaveTextContent('1 cápsula cada 8 horas durante 7 días');
    expect(paper).toHaveTextContent('Caja con 21 — 1 envase');
    expect(paper).toHaveTextContent('2 envases');
    expect(within(paper).getByRole('region', { name: 'Diagnóstico' })).toBeInTheDocument();
    expect(within(paper).getByRole('region', { name: 'Indicaciones' })).toBeInTheDocument();
    expect(paper).toHaveTextContent('Firma');
  });

  it('prints in the language chosen for it while the interface keeps its own', async () => {
    const user = userEvent.setup();
    renderReceta({ language: 'en' });
    await screen.findByRole('heading', { level: 1, name: 'Medical prescription' });
    await user.click(screen.getByRole('radio', { name: 'Español' }));
    const paper = await screen.findByRole('article', { name: 'Receta médica' });
    expect(paper).toHaveAttribute('lang', 'es');
    expect(paper).toHaveTextContent('durante 7 días');
    // The toolbar is the interface, still in English.
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Language of the prescription' })).toBeInTheDocument();
  });

  it('sizes the sheet for the paper chosen, A5 by default, and remembers the choice', async () => {
    const user = userEvent.setup();
    localStorage.removeItem(PAPER_STORAGE_KEY);
    const { app } = renderReceta();
    await screen.findByRole('heading', { level: 1, name: 'Medical prescription' });
    expect(screen.getByRole('radio', { name: 'A5 (148 × 210 mm)' })).toBeChecked();
    expect(sheet('Medical prescription')).toHaveClass('receta--a5');

    await user.click(screen.getByRole('radio', { name: 'Half letter (5.5 × 8.5 in)' }));
    expect(sheet('Medical prescription')).toHaveClass('receta--half-letter');
    expect(sheet('Medical prescription')).not.toHaveClass('receta--a5');
    app.unmount();

    renderReceta();
    await screen.findByRole('heading', { level: 1, name: 'Medical prescription' });
    expect(screen.getByRole('radio', { name: 'Half letter (5.5 × 8.5 in)' })).toBeChecked();
    expect(sheet('Medical prescription')).toHaveClass('receta--half-letter');
    localStorage.removeItem(PAPER_STORAGE_KEY);
  });

  it('prints with the browser when Print is pressed', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderReceta();
    await screen.findByRole('heading', { level: 1, name: 'Medical prescription' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('marks a voided receta VOID / ANULADA with the date and the reason, and still shows what it said', async () => {
    const voided = receta({ voidedAt: '2026-03-04T11:05', voidReason: 'Dosis equivocada' });
    const { app } = renderReceta({ prescription: voided });
    await screen.findByRole('heading', { level: 1, name: 'Medical prescription' });
    let paper = sheet('Medical prescription');
    expect(within(paper).getByText('VOID')).toBeInTheDocument();
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(2026, 2, 4, 11, 5));
    expect(paper).toHaveTextContent(`Voided on ${when}. Reason: Dosis equivocada`);
    expect(paper).toHaveTextContent('Amoxicilina 500 mg');
    app.unmount();

    renderReceta({ prescription: voided, language: 'es' });
    await screen.findByRole('heading', { level: 1, name: 'Receta médica' });
    paper = sheet('Receta médica');
    expect(within(paper).getByText('ANULADA')).toBeInTheDocument();
    expect(paper).toHaveTextContent('Motivo: Dosis equivocada');
  });

  it('leaves out what the record does not hold, saying so for the patient’s facts', async () => {
    renderReceta({
      prescription: receta({
        patient: { idPatient: 11, name: 'Lucía', lname: 'Hernández Ruiz', birthDate: null, documentNumber: null },
        practice: { name: 'Expediente', address: null, city: null, phone: null },
        medic: { idMedic: 3, name: 'Andrés', lname: 'Mora', specialty: null, licenseNumber: '12345678' },
        diagnoses: [],
        notes: null,
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Medical prescription' });
    const paper = sheet('Medical prescription');
    const facts = Object.fromEntries(within(paper).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({ Age: '—', 'Year of birth': '—', 'Identity document': '—' });
    expect(within(paper).queryByRole('region', { name: 'Diagnosis' })).not.toBeInTheDocument();
    expect(within(paper).queryByRole('region', { name: 'Instructions' })).not.toBeInTheDocument();
    expect(paper).not.toHaveTextContent('Tel.');
  });

  it('opens for the patient from their dashboard, with the way back to it', async () => {
    renderReceta({ as: 'patient' });
    await screen.findByRole('heading', { level: 1, name: 'Medical prescription' });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard');
  });

  it('says so when the receta cannot be read, with the way back to the record', async () => {
    renderSignedIn(medicUser, '/medic/patient/11/prescriptions/999/print', {
      handlers: {
        'clinicalHistory.prescription': () => fail('NOT_FOUND'),
      },
      language: 'en',
    });
    expect(await screen.findByText('The prescription could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/medic/patient/11');
  });
});
