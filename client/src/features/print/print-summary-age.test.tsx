// The printed summary names the patient's age, birth date and sex among the emergency essentials,
// in both languages, and says so when the record does not hold them.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { patientSelf } from '../../test/dashboard-fixtures';
import { bareDetail, fullDetail } from '../../test/record-fixtures';
import { medicUser, patientUser, renderApp, sessionFor } from '../../test/render-app';
import type { PatientDetail } from '../../lib/api-types';
import { renderSignedIn } from '../../test/signed-in';

afterEach(() => vi.useRealTimers());

function printMedicRecord(detail: PatientDetail, language: 'es' | 'en') {
  fakeTrpcServer({
    'auth.profile': () => ok({ user: medicUser }),
    'medics.patientDetail': () => ok(detail),
    'practice.info': () => ok({ name: 'Consultorio San Rafael' }),
  });
  return renderApp({ path: `/medic/patient/${detail.patient.idPatient}/print`, session: sessionFor(medicUser), language });
}

const essentials = async (name: string) => {
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return screen.getByRole('region', { name });
};
const factOf = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the printed summary', () => {
  it('gives the age, the birth date and the sex in Spanish', async () => {
    vi.setSystemTime(new Date(2026, 10, 25, 12, 0));
    const detail = fullDetail();
    printMedicRecord({ ...detail, patient: { ...detail.patient, birthDate: '1974-03-04', sex: 'female' } }, 'es');
    const region = await essentials('Información de emergencia');
    expect(factOf(region, 'Edad')).toHaveTextContent('52 años');
    expect(factOf(region, 'Fecha de nacimiento')).toHaveTextContent('4 mar 1974');
    expect(factOf(region, 'Sexo')).toHaveTextContent('Mujer');
  });

  it('says they are not recorded when the record does not hold them, in English', async () => {
    printMedicRecord(bareDetail(), 'en');
    const region = await essentials('Emergency information');
    for (const label of ['Age', 'Birth date', 'Sex']) expect(factOf(region, label)).toHaveTextContent('Not recorded');
  });

  it("gives them on a patient's own printed record too", async () => {
    vi.setSystemTime(new Date(2026, 10, 25, 12, 0));
    renderSignedIn(patientUser, '/dashboard/print', {
      handlers: {
        'patients.me': () => ok(patientSelf({ patient: { ...patientSelf().patient, birthDate: '2025-05-25', sex: 'male' } })),
        'practice.info': () => ok({ name: null }),
      },
      language: 'en',
    });
    const region = await essentials('Emergency information');
    expect(factOf(region, 'Age')).toHaveTextContent('18 months');
    expect(factOf(region, 'Sex')).toHaveTextContent('Male');
  });
});
