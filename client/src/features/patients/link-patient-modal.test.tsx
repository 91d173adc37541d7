import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LinkRequestForMedic } from '../../../../shared/patients';
import { fail, ok } from '../../test/fake-trpc-server';
import { elena, linkRequest, lucia, mateo, renderMedicHome, searchResult } from './test-patients';

const mateoResult = searchResult({ idPatient: mateo.idPatient, name: mateo.name, lname: mateo.lname, email: mateo.email, linked: true });

async function openLink(user: ReturnType<typeof userEvent.setup>, name = 'Link patient') {
  await user.click(await screen.findByRole('button', { name }));
  return within(screen.getByRole('dialog'));
}

describe('link-patient modal', () => {
  it('explains that other patients are found only by their exact email', async () => {
    renderMedicHome();
    const user = userEvent.setup();
    await openLink(user);

    const dialog = screen.getByRole('dialog', { name: 'Link a patient' });
    expect(dialog).toHaveAccessibleDescription(/Any other patient is found only by their exact email address/);
  });

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

  it('shows "Linked" with no button for a linked patient, and request and emergency buttons for the others', async () => {
    renderMedicHome({ patients: [lucia, mateo], handlers: { 'medics.searchPatients': () => ok([elena, mateoResult]) } });
    const user = userEvent.setup();
    const dialog = await openLink(user);
    await user.type(dialog.getByRole('searchbox'), 'e{Enter}');

    const results = await dialog.findByRole('list', { name: 'Search results' });
    const elenaRow = within(results).getByText('Elena Vidal').closest('li')!;
    expect(elenaRow).toHaveTextContent('elena@example.com');
    expect(elenaRow).toHaveTextContent('5544443333');
    expect(within(elenaRow).getByRole('button', { name: 'Request access to Elena Vidal' })).toHaveTextContent('Request access');
    expect(within(elenaRow).getByRole('button', { name: 'Emergency access to Elena Vidal' })).toHaveTextContent('Emergency access');
    const mateoRow = within(results).getByText('Mateo Gómez').closest('li')!;
    expect(within(mateoRow).queryByRole('button')).not.toBeInTheDocument();
    expect(within(mateoRow).getByText('Linked')).toBeInTheDocument();
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

  it('asks for access by email, then shows "Request sent" and that the patient must accept', async () => {
    let requests: LinkRequestForMedic[] = [];
    const { server } = renderMedicHome({
      handlers: {
        'medics.searchPatients': () => ok([elena]),
        'medics.linkRequests': () => ok({ requests }),
        'medics.linkPatient': () => {
          requests = [linkRequest(5, elena)];
          return ok({ message: 'Request sent.', request: requests[0] });
        },
      },
    });
    const user = userEvent.setup();
    const dialog = await openLink(user);
    await user.type(dialog.getByRole('searchbox'), 'elena@example.com');
    await user.click(await dialog.findByRole('button', { name: 'Request access to Elena Vidal' }));

    expect(await dialog.findByRole('status')).toHaveTextContent(
      'Request sent to Elena Vidal. The patient must accept it before you can see their record.',
    );
    const row = dialog.getByText('Elena Vidal').closest('li')!;
    expect(within(row).getByText('Request sent')).toHaveFocus();
    expect(within(row).queryByRole('button', { name: /Request access/ })).not.toBeInTheDocument();
    // Asking is not linking: the dialog stays, and the patient list is not reloaded.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(server.callsTo('medics.linkPatient').map((call) => call.input)).toEqual([{ patientEmail: 'elena@example.com' }]);
    expect(server.callsTo('medics.patientPage')).toHaveLength(1);

    await user.keyboard('{Escape}');
    const section = await screen.findByRole('region', { name: 'Access requests' });
    expect(within(section).getByText('Elena Vidal')).toBeInTheDocument();
  });

  it('shows "Request sent" for a patient already asked', async () => {
    renderMedicHome({
      handlers: { 'medics.searchPatients': () => ok([elena]), 'medics.linkRequests': () => ok({ requests: [linkRequest(5, elena)] }) },
    });
    const user = userEvent.setup();
    const dialog = await openLink(user);
    await user.type(dialog.getByRole('searchbox'), 'elena@example.com');

    const row = (await dialog.findByText('Elena Vidal')).closest('li')!;
    expect(within(row).getByText('Request sent')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Request access/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Emergency access to Elena Vidal' })).toBeInTheDocument();
  });

  it("shows a failed request inside the dialog with the server's reason, in Spanish", async () => {
    renderMedicHome({
      language: 'es',
      handlers: { 'medics.searchPatients': () => ok([elena]), 'medics.linkPatient': () => fail('ALREADY_LINKED') },
    });
    const user = userEvent.setup();
    const dialog = await openLink(user, 'Vincular paciente');
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(/solo con su correo electrónico exacto/);
    await user.type(dialog.getByRole('searchbox', { name: 'Buscar por nombre, correo o teléfono' }), 'elena');
    await user.click(await dialog.findByRole('button', { name: 'Solicitar acceso a Elena Vidal' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Error al solicitar acceso');
    expect(alert).toHaveTextContent('Ya están vinculados.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Solicitar acceso a Elena Vidal' })).toHaveTextContent('Solicitar acceso');
  });

  it("falls back to 'Error requesting access' when no answer came", async () => {
    renderMedicHome({
      handlers: { 'medics.searchPatients': () => ok([elena]), 'medics.linkPatient': () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    const user = userEvent.setup();
    const dialog = await openLink(user);
    await user.type(dialog.getByRole('searchbox'), 'elena');
    await user.click(await dialog.findByRole('button', { name: 'Request access to Elena Vidal' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Error requesting access');
    expect(alert).toHaveTextContent('The server could not be reached.');
  });
});
