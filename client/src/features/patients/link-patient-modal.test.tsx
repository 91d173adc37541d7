import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PatientSearchResult } from '../../../../shared/patients';
import { fail, ok } from '../../test/fake-trpc-server';
import { lucia, mateo, renderMedicHome } from './test-patients';

const elena: PatientSearchResult = { idPatient: 21, name: 'Elena', lname: 'Vidal', email: 'elena@example.com', phone: '5544443333' };
const mateoResult: PatientSearchResult = { idPatient: mateo.idPatient, name: mateo.name, lname: mateo.lname, email: mateo.email, phone: null };

async function openLink(user: ReturnType<typeof userEvent.setup>, name = 'Link patient') {
  await user.click(await screen.findByRole('button', { name }));
  return within(screen.getByRole('dialog'));
}

describe('link-patient modal', () => {
  it('makes no call for an empty or blank query, and clears the results when the box is emptied', async () => {
    const { server } = renderMedicHome({ handlers: { 'medics.searchPatients': () => ok([elena]) } });
    const user = userEvent.setup();
    const dialog = await openLink(user);
    const search = dialog.getByRole('searchbox', { name: 'Search by name, email or phone' });
    expect(search).toHaveFocus();

    await user.type(search, '   ');
    await user.keyboard('{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.callsTo('medics.searchPatients')).toHaveLength(0);

    await user.type(search, 'ele');
    expect(await dialog.findByText('Elena Vidal')).toBeInTheDocument();
    expect(server.callsTo('medics.searchPatients').map((call) => call.input)).toEqual([{ q: 'ele' }]);

    await user.clear(search);
    expect(dialog.queryByText('Elena Vidal')).not.toBeInTheDocument();
    expect(dialog.queryByText('No patients match your search.')).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.callsTo('medics.searchPatients')).toHaveLength(1);
  });

  it('lists name, email and phone with a link button per patient, and marks those already linked', async () => {
    renderMedicHome({ patients: [lucia, mateo], handlers: { 'medics.searchPatients': () => ok([elena, mateoResult]) } });
    const user = userEvent.setup();
    const dialog = await openLink(user);
    await user.type(dialog.getByRole('searchbox'), 'e{Enter}');

    const results = await dialog.findByRole('list', { name: 'Search results' });
    const elenaRow = within(results).getByText('Elena Vidal').closest('li')!;
    expect(elenaRow).toHaveTextContent('elena@example.com');
    expect(elenaRow).toHaveTextContent('5544443333');
    expect(within(elenaRow).getByRole('button', { name: 'Link Elena Vidal' })).toBeInTheDocument();
    const mateoRow = within(results).getByText('Mateo Gómez').closest('li')!;
    expect(within(mateoRow).queryByRole('button')).not.toBeInTheDocument();
    expect(mateoRow).toHaveTextContent('Already in your list');
  });

  it('says when nothing matches, and treats a failed search the same way', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer = ok([]);
    renderMedicHome({ handlers: { 'medics.searchPatients': () => answer } });
    const user = userEvent.setup();
    const dialog = await openLink(user);

    await user.type(dialog.getByRole('searchbox'), 'zzz{Enter}');
    expect(await dialog.findByText('No patients match your search.')).toBeInTheDocument();

    answer = fail('FORBIDDEN');
    await user.type(dialog.getByRole('searchbox'), 'z{Enter}');
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(dialog.getByText('No patients match your search.')).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('links the chosen patient by email, says so, closes and reloads the list', async () => {
    let linked = [lucia];
    const { server } = renderMedicHome({
      handlers: {
        'medics.myPatients': () => ok({ patients: linked }),
        'medics.searchPatients': () => ok([elena]),
        'medics.linkPatient': () => {
          linked = [lucia, { ...mateo, ...elena }];
          return ok({ message: 'Patient linked', patient: linked[1] });
        },
      },
    });
    const user = userEvent.setup();
    const dialog = await openLink(user);
    await user.type(dialog.getByRole('searchbox'), 'elena');
    await user.click(await dialog.findByRole('button', { name: 'Link Elena Vidal' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Patient linked: Elena Vidal');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Elena Vidal' })).toBeInTheDocument();
    expect(server.callsTo('medics.linkPatient').map((call) => call.input)).toEqual([{ patientEmail: 'elena@example.com' }]);
    expect(screen.getByRole('button', { name: 'Link patient' })).toHaveFocus();
  });

  it("shows a failed link inside the dialog with the server's reason, in Spanish", async () => {
    renderMedicHome({
      language: 'es',
      handlers: { 'medics.searchPatients': () => ok([elena]), 'medics.linkPatient': () => fail('ALREADY_LINKED') },
    });
    const user = userEvent.setup();
    const dialog = await openLink(user, 'Vincular paciente');
    await user.type(dialog.getByRole('searchbox', { name: 'Buscar por nombre, correo o teléfono' }), 'elena');
    await user.click(await dialog.findByRole('button', { name: 'Vincular a Elena Vidal' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Error al vincular al paciente');
    expect(alert).toHaveTextContent('Ya están vinculados.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it("falls back to 'Error linking to patient' when no answer came", async () => {
    renderMedicHome({
      handlers: { 'medics.searchPatients': () => ok([elena]), 'medics.linkPatient': () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    const user = userEvent.setup();
    const dialog = await openLink(user);
    await user.type(dialog.getByRole('searchbox'), 'elena');
    await user.click(await dialog.findByRole('button', { name: 'Link Elena Vidal' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Error linking to patient');
    expect(alert).toHaveTextContent('The server could not be reached.');
  });
});
