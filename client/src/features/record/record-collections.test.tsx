import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { bareDetail, fullDetail, lab, renderPatientPage, vital } from '../../test/record-fixtures';

const region = (name: RegExp) => screen.getByRole('region', { name });

async function openPage(options: Parameters<typeof renderPatientPage>[0] = {}) {
  const rendered = renderPatientPage(options);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return { ...rendered, user: userEvent.setup() };
}

describe('sub-record collections', () => {
  it('marks the required allergy name, enforces it, and sends the severity in English', async () => {
    const { server, user } = await openPage({ language: 'es', handlers: { 'patients.allergies.add': () => ok({}) } });
    await user.click(screen.getByRole('button', { name: 'Agregar alergia' }));
    const form = screen.getByRole('form', { name: 'Nueva alergia' });
    const name = within(form).getByLabelText(/Nombre de la alergia/);
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(within(form).getByText('*')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(await within(form).findByText('El nombre de la alergia es obligatorio')).toBeInTheDocument();
    expect(server.callsTo('patients.allergies.add')).toHaveLength(0);

    await user.type(name, 'Látex');
    await user.selectOptions(within(form).getByLabelText('Gravedad'), 'Grave');
    await user.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Guardado correctamente');
    expect(server.callsTo('patients.allergies.add')[0]!.input).toEqual({ idPatient: 11, allergyName: 'Látex', severity: 'Severe', type: null, reaction: null });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nueva alergia' })).not.toBeInTheDocument());
  });

  it('keeps what was typed in the add form and shows the error when the call fails', async () => {
    await openPage({
      handlers: { 'patients.vitals.add': () => fail('VALIDATION_FAILED', [{ path: 'systolic', message: 'validation.systolicRange' }]) },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add vitals' }));
    const form = screen.getByRole('form', { name: 'New vital signs' });
    await user.type(within(form).getByLabelText(/^Date/), '2025-03-01');
    await user.type(within(form).getByLabelText(/Systolic pressure/), '120');
    await user.type(within(form).getByLabelText(/Respiratory rate/), '16');
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving changes');
    expect(alert).toHaveTextContent('Some of the data is not valid.');
    await waitFor(() =>
      expect(within(form).getByLabelText(/Systolic pressure/)).toHaveAccessibleDescription('Systolic pressure must be between 40 and 300 mmHg'),
    );
    expect(within(form).getByLabelText(/^Date/)).toHaveValue('2025-03-01');
    expect(within(form).getByLabelText(/Systolic pressure/)).toHaveValue(120);
    expect(within(form).getByLabelText(/Respiratory rate/)).toHaveValue(16);
  });

  it('edits a vital inline, respiratory rate included, and sends numbers', async () => {
    const { server } = await openPage({ handlers: { 'patients.vitals.update': () => ok({}) } });
    const user = userEvent.setup();
    const vitals = region(/Vital signs/);
    await user.click(within(vitals).getByRole('button', { name: /^Edit / }));
    const form = within(vitals).getByRole('form', { name: 'Edit vital signs' });
    expect(within(form).getByLabelText(/Temperature/)).toHaveAttribute('step', '0.1');
    expect(within(form).getByLabelText(/Temperature \(°C\)/)).toHaveValue(36.6);
    await user.clear(within(form).getByLabelText(/Respiratory rate/));
    await user.type(within(form).getByLabelText(/Respiratory rate/), '18');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(server.callsTo('patients.vitals.update')[0]!.input).toMatchObject({ idPatient: 11, itemId: 1, respiratoryRate: 18, temperature: 36.6, systolic: 120 });
  });

  it('deletes a contact only after the confirmation is accepted', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { server } = await openPage({ handlers: { 'patients.contacts.remove': () => ok(null) } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Mario Hernández' }));
    expect(confirm).toHaveBeenCalledWith('Delete this emergency contact?');
    expect(server.callsTo('patients.contacts.remove')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete Mario Hernández' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Deleted successfully');
    expect(server.callsTo('patients.contacts.remove')[0]!.input).toEqual({ idPatient: 11, itemId: 1 });
  });

  it('lists labs by name and opens their details', async () => {
    const detail = { ...bareDetail(), labs: [lab({ idLabs: 8, value: 'Negativo' }), fullDetail().labs[0]!] };
    await openPage({ detail });
    const user = userEvent.setup();
    const labs = region(/Lab results/);
    await user.click(within(labs).getByRole('button', { name: /^Glucosa/ }));
    const dialog = screen.getByRole('dialog', { name: 'Glucosa' });
    expect(dialog).toHaveTextContent('92');
    expect(dialog).toHaveTextContent('mg/dL');
    expect(dialog).toHaveTextContent('70-100');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows vitals five at a time with the remaining count on the button', async () => {
    const detail = { ...bareDetail(), vitals: Array.from({ length: 12 }, (_, index) => vital(index + 1, `2025-01-${String(20 - index).padStart(2, '0')}`)) };
    await openPage({ detail });
    const user = userEvent.setup();
    const vitals = region(/Vital signs/);
    expect(within(vitals).getAllByRole('listitem')).toHaveLength(5);
    await user.click(within(vitals).getByRole('button', { name: 'See more (7 remaining)' }));
    expect(within(vitals).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(vitals).getByRole('button', { name: 'See more (2 remaining)' }));
    expect(within(vitals).getAllByRole('listitem')).toHaveLength(12);
    expect(within(vitals).queryByRole('button', { name: /See more/ })).not.toBeInTheDocument();
  });
});
