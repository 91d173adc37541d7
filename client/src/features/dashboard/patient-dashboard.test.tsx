import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { appointment, patientSelf, renderDashboard } from '../../test/dashboard-fixtures';
import type { PatientSelf } from '../../lib/api-types';

// Tests that pin the clock put it back.
afterEach(() => vi.useRealTimers());

const vital = (idVital: number, day: number): PatientSelf['vitals'][number] => ({
  idVital,
  date: `2025-03-${String(day).padStart(2, '0')}`,
  systolic: 120,
  diastolic: 80,
  heartRate: 70 + idVital,
  temperature: 36.6,
  oxygenSaturation: null,
  respiratoryRate: null,
  weight: null,
  idHistory: null,
});
const lab = (idLabs: number): PatientSelf['labs'][number] => ({
  idLabs,
  idContent: idLabs,
  testName: `Test ${idLabs}`,
  value: '5.2',
  unit: 'mmol/L',
  referenceRange: null,
  date: '2025-02-01',
  comment: null,
  idHistory: null,
});

const healthSection = () => screen.getByRole('region', { name: 'My health' });

describe('patient dashboard', () => {
  it('greets the patient and shows their initials, contact details and a sign-out button', async () => {
    renderDashboard();

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Lucía' })).toBeInTheDocument();
    expect(screen.getAllByText('LH').length).toBeGreaterThan(0);
    expect(screen.getByText('lucia@example.com')).toBeInTheDocument();
    expect(screen.getByText('5512345678')).toBeInTheDocument();
    expect(await screen.findByText('Calle Luna 12, Puebla')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Expediente · Home'));
  });

  it('shows the demographics, physical data with units in the language, and insurance', async () => {
    renderDashboard({
      language: 'es',
      self: patientSelf({
        profession: { id: 1, name: 'Arquitecta' },
        religion: { id: 2, name: 'Ninguna' },
        documentType: { id: 3, name: 'INE' },
        insurance: { name: 'Plan Plata', type: 'Privado', provider: 'Seguros Norte', policyNumber: 'P-1' },
      }),
    });

    const info = await screen.findByRole('region', { name: 'Mi información' });
    for (const text of ['Soltera', 'Arquitecta', 'Ninguna', 'INE', '61,5 kg', '165 cm', 'O+', 'Plan Plata', 'Seguros Norte']) {
      expect(within(info).getByText(text)).toBeInTheDocument();
    }
  });

  it('shows only the health parts that have data', async () => {
    renderDashboard({
      self: patientSelf({
        allergies: [{ idPatientAllergy: 1, allergyName: 'Penicilina', severity: 'Severe', type: 'Medicamento', reaction: 'Urticaria' }],
        vaccines: [{ idVaccine: 1, vaccineName: 'Tétanos', date: '2024-05-01', dose: 'Refuerzo', manufacturer: null, nextDose: null }],
      }),
    });

    const health = within(await screen.findByRole('region', { name: 'My health' }));
    const allergies = within(health.getByRole('region', { name: 'Allergies' }));
    expect(allergies.getByText('Penicilina')).toBeInTheDocument();
    // Read as the doctor's record reads them: the severity named for a screen reader, labelled lines.
    expect(allergies.getByText('Severe', { exact: false })).toHaveTextContent('Severity: Severe');
    expect(allergies.getByText('Reaction', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Urticaria');
    const vaccines = within(health.getByRole('region', { name: 'Vaccinations' }));
    expect(vaccines.getByText('Dose', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Refuerzo');
    for (const absent of ['Pathological records', 'Vital signs', 'Lab results', 'Lifestyle', 'Emergency contacts', 'Documents']) {
      expect(health.queryByRole('region', { name: absent })).not.toBeInTheDocument();
    }
  });

  it('says so when nothing about their health is on record', async () => {
    renderDashboard();
    expect(await screen.findByText('Nothing has been recorded about your health yet.')).toBeInTheDocument();
    expect(within(healthSection()).queryAllByRole('region')).toHaveLength(0);
  });

  it('lists only the first 5 vital signs and the first 10 lab results', async () => {
    renderDashboard({
      self: patientSelf({
        vitals: Array.from({ length: 7 }, (_, index) => vital(index + 1, 20 - index)),
        labs: Array.from({ length: 12 }, (_, index) => lab(index + 1)),
      }),
    });

    const vitals = await screen.findByRole('list', { name: 'Vital signs' });
    expect(within(vitals).getAllByRole('listitem')).toHaveLength(5);
    expect(within(vitals).getByText('71 bpm')).toBeInTheDocument();
    expect(within(vitals).queryByText('76 bpm')).not.toBeInTheDocument();
    expect(within(vitals).getAllByText('120/80 mmHg')).toHaveLength(5);
    expect(within(vitals).getAllByText('36.6 °C')).toHaveLength(5);
    const labs = screen.getByRole('list', { name: 'Lab results' });
    expect(within(labs).getAllByRole('listitem')).toHaveLength(10);
    expect(within(labs).getByText('Test 10')).toBeInTheDocument();
    expect(within(labs).queryByText('Test 11')).not.toBeInTheDocument();
  });

  it('leaves out of active medications an open appointment months old, and says what it counts', async () => {
    vi.setSystemTime(new Date(2025, 2, 11, 9, 0));
    renderDashboard({
      self: patientSelf({
        clinicalHistories: [
          appointment({ idHistory: 2, date: '2025-03-04T10:00', medications: ['Omeprazol'] }),
          appointment({ idHistory: 1, date: '2024-09-04T10:00', medications: ['Prednisona', 'Loratadina'] }),
        ],
      }),
    });
    const card = (await screen.findByText('Active medications', { selector: 'dt' })).parentElement!;
    expect(card).toHaveTextContent('1');
    expect(card).toHaveTextContent('Prescribed in the last 90 days');
  });

  it('counts appointments, allergies and the medications of open appointments only, and shows the latest vitals', async () => {
    // A week after the newest visit, so every open one is within the last 90 days.
    vi.setSystemTime(new Date(2025, 2, 11, 9, 0));
    renderDashboard({
      self: patientSelf({
        allergies: [
          { idPatientAllergy: 1, allergyName: 'Polen', severity: 'Mild', type: null, reaction: null },
          { idPatientAllergy: 2, allergyName: 'Nueces', severity: null, type: null, reaction: null },
        ],
        vitals: [vital(3, 20), vital(2, 10)],
        clinicalHistories: [
          appointment({ idHistory: 3, date: '2025-03-04T10:00', medications: ['Ibuprofeno', 'Omeprazol'] }),
          appointment({ idHistory: 2, date: '2025-02-04T10:00', medications: ['ibuprofeno', 'Loratadina'] }),
          appointment({ idHistory: 1, date: '2025-01-04T10:00', medications: ['Amoxicilina', 'Paracetamol'], closed: true }),
        ],
      }),
    });

    const value = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).nextElementSibling;
    expect(await value('Total appointments')).toHaveTextContent('3');
    expect(await value('Registered allergies')).toHaveTextContent('2');
    // Ibuprofen twice is one medication; the closed visit's two do not count.
    expect(await value('Active medications')).toHaveTextContent('3');
    const latest = (await value('Latest vital signs'))!;
    expect(latest).toHaveTextContent('Mar 20, 2025');
    expect(latest).toHaveTextContent('73 bpm');
    expect(screen.getByText('Your health data is encrypted and stored securely according to HIPAA standards.')).toBeInTheDocument();
  });

  it('switches tabs by click and by arrow keys, wrapping around, with only the selected tab focusable', async () => {
    renderDashboard({
      self: patientSelf({
        clinicalHistories: [appointment({ idHistory: 42, date: '2025-03-04T10:00', end: '10:30', closed: true, medications: ['Ibuprofeno'] })],
      }),
      handlers: { 'patients.accessLog': () => ok({ events: [], page: 1, pageSize: 20, total: 0 }) },
    });
    const user = userEvent.setup();
    const tablist = await screen.findByRole('tablist', { name: 'My record' });
    const tab = (name: string) => within(tablist).getByRole('tab', { name });
    expect(within(tablist).getAllByRole('tab').map((element) => element.textContent)).toEqual([
      'Overview',
      'Medical History',
      'Allergies',
      'Medications',
      'My prescriptions',
      'Who viewed my record',
    ]);
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Allergies')).toHaveAttribute('tabindex', '-1');

    await user.click(tab('Medical History'));
    const panel = screen.getByRole('tabpanel', { name: 'Medical History' });
    const row = within(panel).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['#42', 'Mar 4, 2025', '10:00 AM', '10:30 AM', 'Closed']);

    await user.keyboard('{ArrowRight}');
    expect(tab('Allergies')).toHaveFocus();
    expect(tab('Allergies')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Allergies' })).toHaveTextContent('No allergies registered');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel', { name: 'Medications' })).toHaveTextContent('Ibuprofeno');
    await user.keyboard('{End}');
    expect(tab('Who viewed my record')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Overview')).toHaveFocus();
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tab('Who viewed my record')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('Overview')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows an empty state in Medical History when there are no appointments', async () => {
    renderDashboard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Medical History' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No appointments recorded');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lets the keyboard reach the Medical History table, which scrolls sideways on a phone, by its name', async () => {
    renderDashboard({ self: patientSelf({ clinicalHistories: [appointment({ idHistory: 42, date: '2025-03-04T10:00' })] }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Medical History' }));
    const region = within(screen.getByRole('tabpanel', { name: 'Medical History' })).getByRole('region', { name: 'Table of the medical history appointments' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Medical History' })).toHaveFocus();
    await user.tab();
    expect(region).toHaveFocus();
  });

  it('reports a failed load with a retry that loads the dashboard', async () => {
    let failing = true;
    const { server } = renderDashboard({
      handlers: { 'patients.me': () => (failing ? fail('INTERNAL_ERROR') : ok(patientSelf())) },
    });
    const user = userEvent.setup();
    // A server fault is retried once, a second later, before the query gives up.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    failing = false;
    expect(alert).toHaveTextContent('Your health record could not be loaded.');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tablist')).toBeInTheDocument();
    expect(screen.queryByText('Your health record could not be loaded.')).not.toBeInTheDocument();
    expect(server.callsTo('patients.me').length).toBeGreaterThanOrEqual(2);
  });

  it('opens a document through the patient route and says so when that fails', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { server } = renderDashboard({
      self: patientSelf({
        files: [{ idFile: 1, name: 'rayos-x.png', date: '2025-03-04T16:00:00.000Z', mainType: 'image', code: 'abc123', comment: null, size: 120, mimeType: 'image/png' }],
      }),
    });
    const user = userEvent.setup();
    const documents = within(await screen.findByRole('list', { name: 'Documents' }));
    expect(documents.getByText('rayos-x.png')).toBeInTheDocument();
    expect(documents.getByText('Image')).toBeInTheDocument();
    expect(documents.getByText('abc123')).toBeInTheDocument();

    await user.click(documents.getByRole('button', { name: 'Open rayos-x.png' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to open file. Please try again.');
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(server.fetchMock.mock.calls.some(([url]) => String(url) === '/api/patients/me/files/abc123')).toBe(true);
  });

  it('offers no control that changes the record', async () => {
    renderDashboard({
      self: patientSelf({
        allergies: [{ idPatientAllergy: 1, allergyName: 'Polen', severity: 'Mild', type: null, reaction: null }],
        vitals: [vital(1, 1)],
      }),
    });
    await screen.findByRole('tablist');
    const names = screen.getAllByRole('button').map((button) => button.getAttribute('aria-label') ?? button.textContent);
    for (const name of names) expect(name).not.toMatch(/edit|delete|save|add (?!doctor)|upload/i);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('spinbutton')).toHaveLength(0));
  });
});
