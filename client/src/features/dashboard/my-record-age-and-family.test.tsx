// What the patient's own dashboard shows of their birth date, age, sex and family history, in both
// languages; the age is counted in the browser to its own today.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { patientSelf, renderDashboard } from '../../test/dashboard-fixtures';

afterEach(() => vi.useRealTimers());

const self = () =>
  patientSelf({
    patient: { ...patientSelf().patient, birthDate: '1990-02-28', sex: 'female' },
    familyHistory: [{ idFamilyHistory: 1, relative: 'Padre', condition: 'Hipertensión arterial', notes: 'Desde los 40 años' }],
  });

const factOf = (region: HTMLElement, label: string) => within(region).getByText(label, { selector: 'dt' }).nextElementSibling;

describe("the patient's dashboard", () => {
  it('shows the birth date, age and sex among their information, and their family history, in Spanish', async () => {
    vi.setSystemTime(new Date(2026, 10, 25, 12, 0));
    renderDashboard({ self: self(), language: 'es' });
    const info = await screen.findByRole('region', { name: 'Mi información' });
    expect(factOf(info, 'Fecha de nacimiento')).toHaveTextContent('28 feb 1990');
    expect(factOf(info, 'Edad')).toHaveTextContent('36 años');
    expect(factOf(info, 'Sexo')).toHaveTextContent('Mujer');
    const family = within(screen.getByRole('region', { name: 'Mi salud' })).getByRole('region', { name: 'Antecedentes heredofamiliares' });
    expect(family).toHaveTextContent('Padre: Hipertensión arterial');
    expect(factOf(family, 'Notas')).toHaveTextContent('Desde los 40 años');
    expect(within(family).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the same in English, and N/A with no family history part when the record has none', async () => {
    vi.setSystemTime(new Date(2026, 10, 25, 12, 0));
    const first = renderDashboard({ self: self() });
    const info = await screen.findByRole('region', { name: 'My information' });
    expect(factOf(info, 'Birth date')).toHaveTextContent('Feb 28, 1990');
    expect(factOf(info, 'Age')).toHaveTextContent('36 years');
    expect(factOf(info, 'Sex')).toHaveTextContent('Female');
    expect(within(screen.getByRole('region', { name: 'My health' })).getByRole('region', { name: 'Family history' })).toBeInTheDocument();
    first.app.unmount();

    renderDashboard();
    const bare = await screen.findByRole('region', { name: 'My information' });
    for (const label of ['Birth date', 'Age', 'Sex']) expect(factOf(bare, label)).toHaveTextContent('N/A');
    expect(screen.queryByRole('region', { name: 'Family history' })).not.toBeInTheDocument();
  });
});
