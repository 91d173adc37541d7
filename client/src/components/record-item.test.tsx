// One way to read a record item: the patient's own lists draw each allergy, condition,
// vital reading, vaccination and contact with the same view as their doctor's record, only without
// the record's controls, in either language.
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { patientSelf, renderDashboard } from '../test/dashboard-fixtures';
import { fullDetail, renderPatientPage } from '../test/record-fixtures';

const detail = fullDetail();
const sections = ['Allergies', 'Pathological records', 'Vital signs', 'Vaccinations', 'Emergency contacts'] as const;
const spanish = { Allergies: 'Alergias', 'Pathological records': 'Antecedentes patológicos', 'Vital signs': 'Signos vitales', Vaccinations: 'Vacunas', 'Emergency contacts': 'Contactos de emergencia' };

/** A section by its title: the record's headings also carry the count, "Allergies (1)". */
const titled = (title: string) => new RegExp(`^${title}( \\(\\d+\\))?$`);

/** Each item's text in a section's list (the record's sections and the dashboard's parts are regions). */
const itemsIn = (region: HTMLElement) => within(region).getAllByRole('listitem').map((item) => item.querySelector('.record-item')!.textContent);

async function doctorReads(language: 'es' | 'en') {
  renderPatientPage({ detail, language });
  await screen.findByRole('heading', { level: 1, name: /Lucía/ });
  const read = Object.fromEntries(sections.map((name) => [name, itemsIn(screen.getByRole('region', { name: titled(language === 'es' ? spanish[name] : name) }))]));
  cleanup();
  return read;
}

async function patientReads(language: 'es' | 'en') {
  const { allergies, pathologicalRecords, vitals, vaccines, contacts } = detail;
  renderDashboard({ self: patientSelf({ allergies, pathologicalRecords, vitals, vaccines, contacts }), language });
  const health = await screen.findByRole('region', { name: language === 'es' ? 'Mi salud' : 'My health' });
  const read = Object.fromEntries(sections.map((name) => [name, itemsIn(within(health).getByRole('region', { name: titled(language === 'es' ? spanish[name] : name) }))]));
  return { read, health };
}

describe("the patient's lists and the doctor's record", () => {
  it('read every item alike, in English', async () => {
    const doctor = await doctorReads('en');
    const { read, health } = await patientReads('en');
    expect(read).toEqual(doctor);
    expect(doctor.Allergies).toEqual(['PenicilinaSeverity: SevereTypeMedicamentoReactionUrticaria']);
    // Read-only: nothing to edit or delete on the patient's side, and the contact's phone can be called.
    expect(within(health).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(within(health).getByRole('link', { name: '5599887766' })).toHaveAttribute('href', 'tel:5599887766');
  });

  it('read every item alike, in Spanish, with its dates and units as Spanish writes them', async () => {
    const doctor = await doctorReads('es');
    const { read } = await patientReads('es');
    expect(read).toEqual(doctor);
    expect(doctor.Allergies).toEqual(['PenicilinaGravedad: GraveTipoMedicamentoReacciónUrticaria']);
    expect(doctor['Pathological records']![0]).toContain('2 may 2010');
  });
});
