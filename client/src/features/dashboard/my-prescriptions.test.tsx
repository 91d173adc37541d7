// The patient's prescriptions on the dashboard: the "My prescriptions" tab newest
// first with each one's items as sentences, its void mark and a link to print it; the addenda of a
// past consultation after its diagnoses; the current medications read from the structured items.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointment, patientSelf, renderDashboard } from '../../test/dashboard-fixtures';
import { addendum, prescription as recordPrescription, prescriptionItem as item } from '../../test/record-fixtures';

beforeEach(() => vi.setSystemTime(new Date(2025, 2, 11, 10, 0)));
afterEach(() => vi.useRealTimers());

const ana = { idMedic: 21, name: 'Ana', lname: 'Ruiz' };
/** Issued by the patient's doctor, Dr. Ana Ruiz (record-fixtures' are Dr. Andrés Mora's). */
const prescription = (overrides: Parameters<typeof recordPrescription>[0]) =>
  recordPrescription({ medic: { ...ana, specialty: 'Medicina familiar', licenseNumber: '1234567' }, ...overrides });

const amoxicilina = item('Amoxicilina', {
  strength: '500 mg',
  form: 'cápsulas',
  route: 'vía oral',
  dose: '1 cápsula',
  frequency: 'cada 8 horas',
  duration: '7 días',
  presentation: 'Caja con 21',
  packages: '1',
});

const older = prescription({ idPrescription: 1, idHistory: 2, number: '2025-000001', issuedAt: '2025-02-20T11:30', items: [item('Loratadina', { strength: '10 mg', dose: '1 tableta', frequency: 'cada 24 horas' })] });
const voided = prescription({
  idPrescription: 2,
  idHistory: 3,
  number: '2025-000007',
  issuedAt: '2025-03-11T08:20',
  items: [item('Ketorolaco', { strength: '10 mg' })],
  voidedAt: '2025-03-11T08:40',
  voidReason: 'Dosis equivocada',
});
const newest = prescription({ idPrescription: 3, idHistory: 3, number: '2025-000008', issuedAt: '2025-03-11T08:45', items: [amoxicilina, item('Paracetamol', { strength: '500 mg' })] });

const self = patientSelf({
  clinicalHistories: [
    appointment({
      idHistory: 3,
      date: '2025-03-11T08:00',
      motive: 'Dolor de garganta',
      closed: true,
      medications: ['Ibuprofeno'],
      prescriptions: [voided, newest],
      addenda: [
        addendum({ idAddendum: 12, at: '2025-03-11T17:10', medic: ana, text: 'Cultivo positivo a estreptococo.' }),
        addendum({ idAddendum: 11, at: '2025-03-11T12:00', medic: { idMedic: 22, name: 'Luis', lname: 'Pérez' }, text: 'La paciente llamó: sin fiebre.' }),
      ],
    }),
    appointment({ idHistory: 2, date: '2025-02-20T11:15', motive: 'Alergia', prescriptions: [older] }),
    appointment({ idHistory: 1, date: '2025-02-01T10:00', motive: 'Tos', medications: ['Salbutamol'] }),
  ],
});

async function openTab(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name }));
}

describe("the patient's prescriptions", () => {
  it('lists them newest first, each with its number, date, doctor, items as sentences and a link to print it', async () => {
    renderDashboard({ self });
    await openTab('My prescriptions');
    const section = screen.getByRole('region', { name: 'My prescriptions' });
    // The list is named by the section's heading, for a screen reader that jumps from list to list.
    within(section).getByRole('list', { name: 'My prescriptions' });
    const entries = within(section).getAllByRole('listitem').filter((entry) => entry.classList.contains('prescription-item'));
    expect(entries.map((entry) => within(entry).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Prescription 2025-000008',
      'Prescription 2025-000007Void',
      'Prescription 2025-000001',
    ]);

    const [first] = entries;
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(2025, 2, 11, 8, 45));
    expect(first).toHaveTextContent(`Issued on ${when} by Ana Ruiz`);
    expect(within(within(first!).getByRole('list', { name: 'Medicines of prescription 2025-000008' })).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      'Amoxicilina 500 mg, cápsulas, vía oral: 1 cápsula cada 8 horas for 7 días. Caja con 21 — 1 package',
      'Paracetamol 500 mg',
    ]);
    expect(within(first!).getByRole('link', { name: 'Print prescription 2025-000008' })).toHaveAttribute('href', '/dashboard/prescriptions/3/print');
    expect(within(entries[2]!).getByRole('link', { name: 'Print prescription 2025-000001' })).toHaveAttribute('href', '/dashboard/prescriptions/1/print');
  });

  it('keeps a voided one in the list, marked in words with when and why, still printable', async () => {
    renderDashboard({ self, language: 'es' });
    await openTab('Mis recetas');
    const entry = screen.getByRole('listitem', { name: /Receta 2025-000007/ });
    expect(within(entry).getByText('Anulada')).toBeInTheDocument();
    const when = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(2025, 2, 11, 8, 40));
    expect(entry).toHaveTextContent(`Anulada el ${when}. Motivo: Dosis equivocada`);
    expect(within(entry).getByRole('link', { name: 'Imprimir la receta 2025-000007' })).toHaveAttribute('href', '/dashboard/prescriptions/2/print');
  });

  it('says so when there are none', async () => {
    renderDashboard({ self: patientSelf({ clinicalHistories: [appointment({ idHistory: 1, date: '2025-02-01T10:00' })] }) });
    await openTab('My prescriptions');
    expect(screen.getByText('No prescriptions yet')).toBeInTheDocument();
  });

  it('opens the receta from its print link', async () => {
    const user = userEvent.setup();
    const { app } = renderDashboard({ self });
    await openTab('My prescriptions');
    await user.click(screen.getByRole('link', { name: 'Print prescription 2025-000008' }));
    expect(app.currentPath()).toBe('/dashboard/prescriptions/3/print');
  });
});

describe('a past consultation on the dashboard', () => {
  it('shows its addenda after its diagnoses, oldest first, each with its date and author', async () => {
    renderDashboard({ self });
    const past = await screen.findByRole('list', { name: 'Past consultations' });
    const consultation = [...past.children].find((entry) => entry.textContent?.includes('Dolor de garganta')) as HTMLElement;
    const addenda = within(consultation).getByRole('list', { name: 'Addenda' });
    const at = (hour: number, minute: number) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(2025, 2, 11, hour, minute));
    expect(within(addenda).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      `${at(12, 0)}, Luis PérezLa paciente llamó: sin fiebre.`,
      `${at(17, 10)}, Ana RuizCultivo positivo a estreptococo.`,
    ]);
    const diagnoses = within(consultation).getByText('Diagnoses');
    expect(diagnoses.compareDocumentPosition(addenda) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('the current medications', () => {
  it('come from the items of prescriptions not voided, and from the free text of visits without one', async () => {
    renderDashboard({ self });
    await openTab('Medications');
    const current = screen.getByRole('region', { name: 'Current (prescribed in the last 90 days)' });
    const names = within(current).getAllByRole('listitem').map((entry) => within(entry).getAllByText(/./)[0]!.textContent);
    expect(names).toEqual(['Amoxicilina 500 mg, cápsulas, vía oral', 'Paracetamol 500 mg', 'Loratadina 10 mg', 'Salbutamol']);
    expect(current).not.toHaveTextContent('Ketorolaco');
    expect(current).not.toHaveTextContent('Ibuprofeno');
  });
});
