// The family history (antecedentes heredo-familiares) on the medic's record page: a record section
// like the others, in both languages, and read-only under emergency access.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fake-trpc-server';
import { fullDetail, renderPatientPage } from '../../test/record-fixtures';
import type { PatientDetail } from '../../lib/api-types';

function withFamily(): PatientDetail {
  return {
    ...fullDetail(),
    familyHistory: [
      { idFamilyHistory: 4, relative: 'Madre', condition: 'Diabetes tipo 2', notes: 'Desde los 50 años' },
      { idFamilyHistory: 3, relative: 'Abuelo paterno', condition: 'Infarto de miocardio', notes: null },
    ],
  };
}

async function openPage(options: Parameters<typeof renderPatientPage>[0]) {
  const rendered = renderPatientPage(options);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...rendered, user: userEvent.setup() };
}

describe('the family history section', () => {
  it('lists each relative with their condition and notes, counted in its title, in Spanish', async () => {
    await openPage({ detail: withFamily(), language: 'es' });
    expect(screen.getByRole('button', { name: 'Antecedentes heredofamiliares (2)' })).toHaveAttribute('aria-expanded', 'true');
    const section = screen.getByRole('region', { name: /Antecedentes heredofamiliares/ });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.record-item__name')?.textContent)).toEqual([
      'Madre: Diabetes tipo 2',
      'Abuelo paterno: Infarto de miocardio',
    ]);
    expect(within(items[0]!).getByText('Notas', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Desde los 50 años');
    expect(within(section).getByRole('button', { name: 'Editar Madre: Diabetes tipo 2' })).toBeInTheDocument();
  });

  it('requires the relative and the condition, marked and explained, then sends the new line, in Spanish', async () => {
    const { server, user } = await openPage({ language: 'es', handlers: { 'patients.familyHistory.add': () => ok({}) } });
    const section = screen.getByRole('region', { name: /Antecedentes heredofamiliares/ });
    expect(within(section).getByText('No hay antecedentes heredofamiliares registrados.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Agregar antecedente familiar' }));
    const form = screen.getByRole('form', { name: 'Nuevo antecedente heredofamiliar' });
    const relative = within(form).getByLabelText(/Familiar/);
    const condition = within(form).getByLabelText(/Padecimiento/);
    expect(relative).toHaveAttribute('aria-required', 'true');
    expect(condition).toHaveAttribute('aria-required', 'true');
    expect(within(form).getByLabelText(/Notas/).tagName).toBe('TEXTAREA');

    await user.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(await within(form).findByText('Indique qué familiar (madre, padre, abuela...)')).toBeInTheDocument();
    expect(within(form).getByText('La condición es obligatoria')).toBeInTheDocument();
    expect(server.callsTo('patients.familyHistory.add')).toHaveLength(0);

    await user.type(relative, 'Abuela materna');
    await user.type(condition, 'Cáncer de mama');
    await user.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Guardado correctamente');
    expect(server.callsTo('patients.familyHistory.add')[0]!.input).toEqual({ idPatient: 11, relative: 'Abuela materna', condition: 'Cáncer de mama', notes: null });
  });

  it('edits a line inline and deletes one only after the confirmation, in English', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { server, user } = await openPage({
      detail: withFamily(),
      handlers: { 'patients.familyHistory.update': () => ok({}), 'patients.familyHistory.remove': () => ok(null) },
    });
    const section = screen.getByRole('region', { name: /Family history/ });
    await user.click(within(section).getByRole('button', { name: 'Edit Madre: Diabetes tipo 2' }));
    const form = within(section).getByRole('form', { name: 'Edit family history entry' });
    expect(within(form).getByLabelText(/Relative/)).toHaveValue('Madre');
    await user.clear(within(form).getByLabelText(/Notes/));
    await user.type(within(form).getByLabelText(/Notes/), 'Con insulina');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(server.callsTo('patients.familyHistory.update')[0]!.input).toEqual({
      idPatient: 11,
      itemId: 4,
      relative: 'Madre',
      condition: 'Diabetes tipo 2',
      notes: 'Con insulina',
    });

    await waitFor(() => expect(within(section).queryByRole('form')).not.toBeInTheDocument());
    await user.click(within(section).getByRole('button', { name: 'Delete Abuelo paterno: Infarto de miocardio' }));
    expect(confirm).toHaveBeenCalledWith('Delete this family history entry?');
    await waitFor(() => expect(server.callsTo('patients.familyHistory.remove')[0]!.input).toEqual({ idPatient: 11, itemId: 3 }));
    confirm.mockRestore();
  });

  it('offers no way to change it under emergency access', async () => {
    const detail = { ...withFamily(), emergencyAccess: { idAccess: 1, reason: 'Paciente inconsciente', expiresAt: '2099-01-01T00:00:00.000Z' } };
    await openPage({ detail });
    const section = screen.getByRole('region', { name: /Family history/ });
    expect(within(section).getByText('Madre: Diabetes tipo 2')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Add family history|Edit|Delete/ })).not.toBeInTheDocument();
  });
});
