// The patient's birth date, age and sex on the medic's record page: read in the clinical summary
// under the name and in the demographics (the age counted in the browser), and edited in the patient's form, in both languages.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDay } from '../../../../shared/dates';
import { ok } from '../../test/fake-trpc-server';
import { bareDetail, fullDetail, renderPatientPage } from '../../test/record-fixtures';
import type { PatientDetail } from '../../lib/api-types';

afterEach(() => vi.useRealTimers());

function born(birthDate: string | null, sex: PatientDetail['patient']['sex']): PatientDetail {
  const detail = fullDetail();
  return { ...detail, patient: { ...detail.patient, birthDate, sex } };
}

async function openPage(options: Parameters<typeof renderPatientPage>[0]) {
  const rendered = renderPatientPage(options);
  const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...rendered, heading, user: userEvent.setup() };
}

const factOf = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling;
/** The clinical summary's "Age and sex" part. */
const ageAndSexPart = (summary: RegExp, title: string) =>
  within(screen.getByRole('region', { name: summary })).getByRole('heading', { level: 3, name: title }).parentElement!;

describe('reading birth date, age and sex', () => {
  it('shows "52 años · Mujer" in the clinical summary and the birth date with its age among the demographics, in Spanish', async () => {
    vi.setSystemTime(new Date(2026, 10, 25, 12, 0));
    await openPage({ detail: born('1974-03-04', 'female'), language: 'es' });
    expect(ageAndSexPart(/Resumen clínico/, 'Edad y sexo')).toHaveTextContent('52 años · Mujer');
    const demographics = screen.getByRole('region', { name: /Datos demográficos/ });
    expect(factOf(demographics, 'Fecha de nacimiento')).toHaveTextContent('4 mar 1974 (52 años)');
    expect(factOf(demographics, 'Sexo')).toHaveTextContent('Mujer');
  });

  it('tells a small child\'s age in months, and a newborn\'s in days, in English', async () => {
    vi.setSystemTime(new Date(2026, 10, 25, 12, 0));
    const first = await openPage({ detail: born('2025-05-25', 'male') });
    expect(ageAndSexPart(/Clinical summary/, 'Age and sex')).toHaveTextContent('18 months · Male');
    expect(factOf(screen.getByRole('region', { name: /Demographics/ }), 'Birth date')).toHaveTextContent('May 25, 2025 (18 months)');
    first.app.unmount();

    await openPage({ detail: born('2026-11-24', null) });
    expect(ageAndSexPart(/Clinical summary/, 'Age and sex')).toHaveTextContent(/^Age and sex1 day$/);
  });

  it('says so when the record holds neither', async () => {
    await openPage({ detail: bareDetail() });
    expect(ageAndSexPart(/Clinical summary/, 'Age and sex')).toHaveTextContent('Age and sex not recorded');
    expect(screen.getByRole('region', { name: /Demographics/ })).toHaveTextContent('No demographic data recorded.');
  });
});

describe('editing birth date and sex', () => {
  it('offers a date field from 1900 to today and the four sexes translated, and sends what was chosen, in Spanish', async () => {
    const { server, user } = await openPage({ detail: born(null, null), language: 'es', handlers: { 'patients.update': () => ok(fullDetail().patient) } });
    await user.click(screen.getByRole('button', { name: 'Editar' }));
    const form = screen.getByRole('form', { name: 'Editar paciente' });
    const birthDate = within(form).getByLabelText('Fecha de nacimiento');
    expect(birthDate).toHaveAttribute('type', 'date');
    expect(birthDate).toHaveAttribute('min', '1900-01-01');
    expect(birthDate).toHaveAttribute('max', localDay(new Date()));
    const sex = within(form).getByLabelText('Sexo');
    const options = within(sex).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.value, option.textContent])).toEqual([
      ['', 'Sin especificar'],
      ['female', 'Mujer'],
      ['male', 'Hombre'],
      ['other', 'Otro'],
      ['unknown', 'Desconocido'],
    ]);

    await user.type(birthDate, '1980-02-29');
    await user.selectOptions(sex, 'Otro');
    await user.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Guardado correctamente');
    expect(server.callsTo('patients.update')[0]!.input).toMatchObject({ idPatient: 11, birthDate: '1980-02-29', sex: 'other' });
  });

  it('refuses a birth date after today or before 1900 with its own message, and sends nothing, in English', async () => {
    const { server, user } = await openPage({ detail: born(null, null) });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit patient' });
    const birthDate = within(form).getByLabelText('Birth date');

    await user.type(birthDate, '2999-01-01');
    await user.tab();
    expect(birthDate).toHaveAccessibleDescription('The birth date cannot be after today');
    await user.clear(birthDate);
    await user.type(birthDate, '1899-12-31');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(birthDate).toHaveAccessibleDescription('The birth date cannot be before 1900');
    expect(birthDate).toHaveFocus();
    expect(server.callsTo('patients.update')).toHaveLength(0);
  });

  it('starts from the stored values and clears both to null', async () => {
    const { server, user } = await openPage({ detail: born('1974-03-04', 'female'), handlers: { 'patients.update': () => ok(fullDetail().patient) } });
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit patient' });
    expect(within(form).getByLabelText('Birth date')).toHaveValue('1974-03-04');
    expect(within(form).getByLabelText('Sex')).toHaveValue('female');
    await user.clear(within(form).getByLabelText('Birth date'));
    await user.selectOptions(within(form).getByLabelText('Sex'), 'Not specified');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('status');
    expect(server.callsTo('patients.update')[0]!.input).toMatchObject({ birthDate: null, sex: null });
  });
});
