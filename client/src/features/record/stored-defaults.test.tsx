// SPEC's stored defaults for a patient created without a phone or address:
// the API keeps '0000000000' and 'No especificada', the interface shows them in its own language.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATIENT_ADDRESS, DEFAULT_PATIENT_PHONE } from '../../../../shared/constants';
import { patientSelf, renderDashboard } from '../../test/dashboard-fixtures';
import { fullDetail, renderPatientPage } from '../../test/record-fixtures';

const withDefaults = () => {
  const detail = fullDetail();
  return { ...detail, patient: { ...detail.patient, phone: DEFAULT_PATIENT_PHONE, address: DEFAULT_PATIENT_ADDRESS } };
};

/** The value beside a label in the patient card at the top of the record. */
const valueOf = async (label: string) => {
  const card = (await screen.findByRole('heading', { level: 1 })).closest('section')!;
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
};

describe('stored defaults for phone and address', () => {
  it('read "Not specified" on the record page in English, never the stored Spanish or the zeros', async () => {
    renderPatientPage({ detail: withDefaults() });
    const card = (await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).closest('section')!;
    expect(card).not.toHaveTextContent(DEFAULT_PATIENT_ADDRESS);
    expect(card).not.toHaveTextContent(DEFAULT_PATIENT_PHONE);
    expect(await valueOf('Address')).toHaveTextContent('Not specified');
    expect(await valueOf('Phone')).toHaveTextContent('Not specified');
  });

  it('read "No especificada" / "No especificado" on the record page in Spanish', async () => {
    renderPatientPage({ detail: withDefaults(), language: 'es' });
    expect(await valueOf('Dirección')).toHaveTextContent('No especificada');
    expect(await valueOf('Teléfono')).toHaveTextContent('No especificado');
  });

  it("read \"Not specified\" in the patient's own dashboard header in English", async () => {
    const self = patientSelf();
    renderDashboard({ self: { ...self, patient: { ...self.patient, phone: DEFAULT_PATIENT_PHONE, address: DEFAULT_PATIENT_ADDRESS } } });
    const header = (await screen.findByRole('heading', { level: 1, name: /Welcome/ })).closest('header')!;
    // The header first shows the session's user, then the record once it is loaded.
    expect(await within(header).findAllByText('Not specified')).toHaveLength(2);
    expect(header).not.toHaveTextContent(DEFAULT_PATIENT_ADDRESS);
    expect(header).not.toHaveTextContent(DEFAULT_PATIENT_PHONE);
  });

  it('leave a real phone and address as they are', async () => {
    renderPatientPage();
    expect(await valueOf('Address')).not.toHaveTextContent('Not specified');
  });
});
