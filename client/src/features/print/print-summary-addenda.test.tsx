// The printed summary after a recent appointment's addenda print under it, oldest first,
// dated and signed; what it prescribed and what is current are read from its prescriptions.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Prescription } from '../../../../shared/prescriptions';
import { fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { medicUser, renderApp, sessionFor } from '../../test/render-app';
import { appointment, fullDetail } from '../../test/record-fixtures';

afterEach(() => vi.useRealTimers());

const prescription = (idPrescription: number, voidedAt: string | null, drug: string): Prescription => ({
  idPrescription,
  idHistory: 1,
  number: `2025-00000${idPrescription}`,
  issuedAt: '2025-03-01T10:20',
  medic: { idMedic: 3, name: 'Andrés', lname: 'Mora', specialty: null, licenseNumber: '1234567' },
  patient: { idPatient: 11, name: 'Lucía', lname: 'Hernández Ruiz', birthDate: null, documentNumber: null },
  practice: { name: 'Consultorio', address: null, city: null, phone: null },
  diagnoses: [],
  items: [
    { drug, strength: '500 mg', form: 'cápsulas', route: 'vía oral', presentation: null, packages: null, dose: '1 cápsula', frequency: 'cada 8 horas', duration: '7 días', instructions: null },
  ],
  notes: null,
  voidedAt,
  voidReason: voidedAt ? 'Error' : null,
});

function renderSummary(language: 'en' | 'es' = 'en') {
  const detail = {
    ...fullDetail(),
    history: [
      appointment({
        idHistory: 1,
        date: '2025-03-01T10:00',
        motive: 'Faringitis',
        closed: true,
        medications: ['Ibuprofeno'],
        prescriptions: [prescription(1, null, 'Amoxicilina'), prescription(2, '2025-03-01T10:30', 'Ketorolaco')],
        addenda: [
          { idAddendum: 8, at: '2025-03-05T09:00', medic: { idMedic: 3, name: 'Andrés', lname: 'Mora' }, text: 'Cultivo positivo.' },
          { idAddendum: 7, at: '2025-03-02T18:00', medic: { idMedic: 4, name: 'Elena', lname: 'Pérez' }, text: 'Sin fiebre.' },
        ],
      }),
      appointment({ idHistory: 2, date: '2025-02-01T10:00', motive: 'Tos', medications: ['Salbutamol'] }),
    ],
  };
  fakeTrpcServer({
    'auth.profile': () => ok({ user: medicUser }),
    'medics.patientDetail': () => ok(detail),
    'practice.info': () => ok({ name: 'Consultorio San Rafael' }),
  });
  renderApp({ path: '/medic/patient/11/print', session: sessionFor(medicUser), language });
}

const moment = (language: string, date: Date) => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(date);

describe('the printed summary with prescriptions and addenda', () => {
  it("prints an appointment's addenda under its row, oldest first, each dated and signed", async () => {
    vi.setSystemTime(new Date(2025, 2, 11, 9, 0));
    renderSummary();
    const appointments = await screen.findByRole('region', { name: 'Recent appointments' });
    const [, first, second] = within(appointments).getAllByRole('row');
    expect(first).toHaveTextContent('Faringitis');
    // Only what was not voided; the free text gave way to the prescription.
    expect(within(first!).getAllByRole('cell')[2]).toHaveTextContent(/^Amoxicilina 500 mg, cápsulas, vía oral$/);
    expect(within(second!).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Addendum of ${moment('en', new Date(2025, 2, 2, 18, 0))}, Elena Pérez: Sin fiebre.`,
      `Addendum of ${moment('en', new Date(2025, 2, 5, 9, 0))}, Andrés Mora: Cultivo positivo.`,
    ]);
    expect(within(appointments).getAllByRole('row')[3]).toHaveTextContent('Tos');
  });

  it('lists as current the items of prescriptions not voided, with their posology, in Spanish', async () => {
    vi.setSystemTime(new Date(2025, 2, 11, 9, 0));
    renderSummary('es');
    const medications = await screen.findByRole('region', { name: 'Medicamentos actuales' });
    expect(medications).toHaveTextContent('Amoxicilina 500 mg, cápsulas, vía oral: 1 cápsula cada 8 horas durante 7 días');
    expect(medications).toHaveTextContent('Salbutamol');
    expect(medications).not.toHaveTextContent('Ketorolaco');
    expect(medications).not.toHaveTextContent('Ibuprofeno');
    expect(screen.getByRole('region', { name: 'Citas recientes' })).toHaveTextContent(`Adenda del ${moment('es', new Date(2025, 2, 2, 18, 0))}, Elena Pérez: Sin fiebre.`);
  });
});
