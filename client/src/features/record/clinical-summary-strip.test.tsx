// The clinical summary the record opens on: what a doctor checks first, each
// part saying so when there is nothing, in both languages.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appointment, bareDetail, fullDetail, renderPatientPage, vital } from '../../test/record-fixtures';
import type { PatientDetail } from '../../lib/api-types';

afterEach(() => vi.useRealTimers());

// A fixed "now", so the next appointment and the current medications do not depend on the day the test runs.
const NOW = new Date(2026, 2, 10, 12, 0);

const TITLES = {
  en: { summary: 'Clinical summary', ageAndSex: 'Age and sex', allergies: 'Allergies', conditions: 'Active and chronic conditions', medications: 'Current medications', vitals: 'Latest vital signs', next: 'Next appointment' },
  es: { summary: 'Resumen clínico', ageAndSex: 'Edad y sexo', allergies: 'Alergias', conditions: 'Problemas activos y crónicos', medications: 'Medicación actual', vitals: 'Últimos signos vitales', next: 'Próxima cita' },
};
type Language = keyof typeof TITLES;

async function openSummary(detail: PatientDetail, language: Language) {
  vi.setSystemTime(NOW);
  renderPatientPage({ detail, language });
  const summary = await screen.findByRole('region', { name: TITLES[language].summary }, { timeout: 5000 });
  const part = (key: keyof (typeof TITLES)['en']) => within(summary).getByRole('heading', { level: 3, name: TITLES[language][key] }).parentElement!;
  return { summary, part };
}

/** A record with something in every part of the summary, and things the summary must leave out. */
function clinicalDetail(): PatientDetail {
  const detail = fullDetail();
  return {
    ...detail,
    patient: { ...detail.patient, birthDate: '1974-03-04', sex: 'female' },
    allergies: [
      { idPatientAllergy: 1, allergyName: 'Polen', severity: 'Mild', type: null, reaction: null },
      { idPatientAllergy: 2, allergyName: 'Penicilina', severity: 'Severe', type: 'Medicamento', reaction: 'Anafilaxia' },
      { idPatientAllergy: 3, allergyName: 'Látex', severity: null, type: null, reaction: null },
    ],
    pathologicalRecords: [
      { idRecord: 1, condition: 'Hipertensión esencial', diagnosisDate: null, status: 'Chronic', notes: null },
      { idRecord: 2, condition: 'Faringitis', diagnosisDate: null, status: 'Resolved', notes: null },
      { idRecord: 3, condition: 'Lumbalgia', diagnosisDate: null, status: 'Active', notes: null },
    ],
    vitals: [vital(1, '2025-11-02'), { ...vital(2, '2026-03-01T08:15'), systolic: 135, diastolic: 85, temperature: 37.2, weight: 68.4, heartRate: null }],
    history: [
      appointment({ idHistory: 1, date: '2026-03-02T10:00', motive: 'Control de presión', medications: ['Losartán 50 mg'] }),
      appointment({ idHistory: 2, date: '2025-06-02T10:00', motive: 'Faringitis', medications: ['Amoxicilina'], closed: true }),
      appointment({ idHistory: 3, date: '2026-04-20T09:00', motive: 'Revisión semestral' }),
      appointment({ idHistory: 4, date: '2026-03-12T16:30', motive: 'Resultados de laboratorio' }),
      appointment({ idHistory: 5, date: '2026-03-11T08:00', motive: 'Cancelada', closed: true }),
    ],
  };
}

describe('the clinical summary the record opens on', () => {
  it('comes right after the name, before the contact data and the sections', async () => {
    const { summary } = await openSummary(clinicalDetail(), 'en');
    const heading = screen.getByRole('heading', { level: 1, name: 'Lucía Hernández Ruiz' });
    const contact = screen.getByRole('region', { name: 'Contact' });
    const allergiesSection = screen.getByRole('region', { name: /^Allergies \(/ });
    expect(heading.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(summary.compareDocumentPosition(contact) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(summary.compareDocumentPosition(allergiesSection) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    ['en', 'Severity: Severe', 'Severity: Mild'],
    ['es', 'Gravedad: Grave', 'Gravedad: Leve'],
  ] as const)('lists a severe allergy first and says it is severe in words (%s)', async (language, severe, mild) => {
    const { part } = await openSummary(clinicalDetail(), language);
    const items = within(part('allergies')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Penicilina'), expect.stringContaining('Polen'), 'Látex']);
    expect(items[0]).toHaveTextContent(severe);
    expect(items[1]).toHaveTextContent(mild);
    expect(items[1]).not.toHaveTextContent(severe);
  });

  it.each([
    ['en', '52 years · Female', 'Chronic', 'Active'],
    ['es', '52 años · Mujer', 'Crónico', 'Activo'],
  ] as const)('shows age and sex, and only the active and chronic conditions with their status (%s)', async (language, ageAndSex, chronic, active) => {
    const { part } = await openSummary(clinicalDetail(), language);
    expect(part('ageAndSex')).toHaveTextContent(ageAndSex);
    const conditions = within(part('conditions')).getAllByRole('listitem');
    expect(conditions).toHaveLength(2);
    expect(conditions[0]).toHaveTextContent(`Hipertensión esencial${language === 'en' ? 'Status' : 'Estado'}: ${chronic}`);
    expect(conditions[1]).toHaveTextContent(active);
    expect(part('conditions')).not.toHaveTextContent('Faringitis');
  });

  it.each([
    ['en', /^Prescribed in the last 90 days$/],
    ['es', /^Recetada en los últimos 90 días$/],
  ] as const)("lists as current medications only those of the last 90 days (%s)", async (language, scope) => {
    const { part } = await openSummary(clinicalDetail(), language);
    expect(within(part('medications')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Losartán 50 mg']);
    expect(within(part('medications')).getByText(scope)).toBeInTheDocument();
  });

  it.each([
    ['en', 'Mar 1, 2026, 8:15 AM', [['Blood pressure', '135/85 mmHg'], ['Temperature', '37.2 °C'], ['Weight', '68.4 kg']]],
    ['es', '1 mar 2026, 8:15', [['Presión arterial', '135/85 mmHg'], ['Temperatura', '37,2 °C'], ['Peso', '68,4 kg']]],
  ] as const)('shows the newest vital signs with their date and units, formatted for the language (%s)', async (language, taken, facts) => {
    const { part } = await openSummary(clinicalDetail(), language);
    const vitals = part('vitals');
    expect(vitals.querySelector('time')).toHaveTextContent(taken);
    for (const [label, value] of facts) {
      expect(within(vitals).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent?.replace(/\s/g, ' ')).toBe(value);
    }
    // The older reading's 36.6 °C and the newest's missing heart rate are not shown.
    expect(vitals).not.toHaveTextContent(/36[.,]6/);
    expect(within(vitals).queryByText(language === 'en' ? 'Heart rate' : 'Frecuencia cardiaca')).not.toBeInTheDocument();
  });

  it.each([
    ['en', /^March 12, 2026,? (at )?4:30\sPM$/],
    ['es', /^12 de marzo de 2026,? (a las )?16:30$/],
  ] as const)('shows the soonest open appointment still to come, with its date, time and reason (%s)', async (language, when) => {
    const { part } = await openSummary(clinicalDetail(), language);
    const next = part('next');
    expect(next.querySelector('time')?.textContent).toMatch(when);
    expect(next).toHaveTextContent('Resultados de laboratorio');
    expect(next).not.toHaveTextContent('Revisión semestral');
  });

  it.each([
    [
      'en',
      {
        ageAndSex: 'Age and sex not recorded',
        allergies: 'No known allergies',
        conditions: 'No active or chronic conditions',
        medications: 'No medications prescribed in the last 90 days',
        vitals: 'No vital signs recorded',
        next: 'No upcoming appointments',
      },
    ],
    [
      'es',
      {
        ageAndSex: 'Edad y sexo sin registrar',
        allergies: 'Sin alergias conocidas',
        conditions: 'Sin problemas activos ni crónicos',
        medications: 'Sin medicación recetada en los últimos 90 días',
        vitals: 'Sin signos vitales registrados',
        next: 'Sin citas próximas',
      },
    ],
  ] as const)('says in every part when there is nothing to show (%s)', async (language, sentences) => {
    const { summary, part } = await openSummary(bareDetail(), language);
    for (const [key, sentence] of Object.entries(sentences)) {
      expect(part(key as keyof typeof sentences)).toHaveTextContent(sentence);
    }
    expect(within(summary).queryAllByRole('listitem')).toHaveLength(0);
  });
});
