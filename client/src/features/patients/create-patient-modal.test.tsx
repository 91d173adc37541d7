import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-trpc-server';
import { lucia, renderMedicHome } from './test-patients';

async function openCreate(user: ReturnType<typeof userEvent.setup>, name = 'New patient') {
  await user.click(await screen.findByRole('button', { name }));
  return screen.getByRole('dialog');
}

describe('create-patient modal', () => {
  it('is a titled dialog with focus inside, closed by Escape or the close button, handing focus back', async () => {
    renderMedicHome();
    const user = userEvent.setup();
    const dialog = await openCreate(user);

    expect(dialog).toHaveAccessibleName('New patient');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('First name')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New patient' })).toHaveFocus();

    await openCreate(user);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New patient' })).toHaveFocus();
  });

  it('has every field of the spec with the right input types and choices', async () => {
    renderMedicHome();
    const user = userEvent.setup();
    const dialog = within(await openCreate(user));

    expect(dialog.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(dialog.getByLabelText('Temporary password')).toHaveAttribute('type', 'password');
    // The medic must know the password is only the patient's way in, not the patient's to keep.
    expect(dialog.getByLabelText('Temporary password')).toHaveAccessibleDescription(/temporary: the patient chooses their own at first sign-in/);
    expect(dialog.getByLabelText('Phone')).toHaveAttribute('type', 'tel');
    expect(dialog.getByLabelText('Address')).toBeInTheDocument();
    expect(dialog.getByLabelText('Weight (kg)')).toHaveAttribute('step', '0.1');
    expect(dialog.getByLabelText('Height (cm)')).toHaveAttribute('step', '1');
    const options = (label: string) =>
      within(dialog.getByLabelText(label)).getAllByRole('option').map((option) => (option as HTMLOptionElement).value);
    expect(options('Blood group')).toEqual(['', 'A', 'B', 'AB', 'O']);
    expect(options('Rh factor')).toEqual(['', '+', '-']);
  });

  it('shows the required-field messages only once each field has been touched', async () => {
    const { server } = renderMedicHome();
    const user = userEvent.setup();
    const dialog = within(await openCreate(user));

    expect(dialog.queryByText('First name is required')).not.toBeInTheDocument();
    await user.tab();
    expect(await dialog.findByText('First name is required')).toBeInTheDocument();
    expect(dialog.queryByText('Last name is required')).not.toBeInTheDocument();
    await user.tab();
    expect(await dialog.findByText('Last name is required')).toBeInTheDocument();
    expect(dialog.queryByText('Email is required')).not.toBeInTheDocument();

    await user.type(dialog.getByLabelText('Email'), 'not-an-email');
    await user.type(dialog.getByLabelText('Temporary password'), 'abc');
    await user.tab();
    expect(await dialog.findByText('Invalid email address')).toBeInTheDocument();
    expect(dialog.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Temporary password'));
    expect(await dialog.findByText('Password is required')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Email'));
    expect(await dialog.findByText('Email is required')).toBeInTheDocument();
    expect(server.callsTo('patients.create')).toHaveLength(0);
  });

  it('creates the patient, says so, closes and reloads the list', async () => {
    let linked: (typeof lucia)[] = [];
    const { server } = renderMedicHome({
      handlers: {
        'medics.myPatients': () => ok({ patients: linked }),
        'patients.create': () => {
          linked = [lucia];
          return ok({ idPatient: 11 });
        },
      },
    });
    const user = userEvent.setup();
    const dialog = within(await openCreate(user));

    await user.type(dialog.getByLabelText('First name'), 'Lucía');
    await user.type(dialog.getByLabelText('Last name'), 'Hernández Ruiz');
    await user.type(dialog.getByLabelText('Email'), 'lucia@example.com');
    await user.type(dialog.getByLabelText('Temporary password'), 'secreto1');
    await user.type(dialog.getByLabelText('Phone'), '5512345678');
    await user.type(dialog.getByLabelText('Weight (kg)'), '61.5');
    await user.type(dialog.getByLabelText('Height (cm)'), '164');
    await user.selectOptions(dialog.getByLabelText('Blood group'), 'O');
    await user.selectOptions(dialog.getByLabelText('Rh factor'), '+');
    await user.click(dialog.getByRole('button', { name: 'Create patient' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Patient created successfully');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Lucía Hernández Ruiz' })).toBeInTheDocument();
    expect(server.callsTo('patients.create').map((call) => call.input)).toEqual([
      {
        name: 'Lucía',
        lname: 'Hernández Ruiz',
        email: 'lucia@example.com',
        password: 'secreto1',
        phone: '5512345678',
        weight: 61.5,
        height: 164,
        bloodGroup: 'O',
        bloodRh: '+',
      },
    ]);
    expect(server.callsTo('medics.patientPage')).toHaveLength(2);
  });

  it("keeps what was typed and explains a taken email in the dialog, in Spanish", async () => {
    renderMedicHome({ language: 'es', handlers: { 'patients.create': () => fail('EMAIL_TAKEN') } });
    const user = userEvent.setup();
    const dialog = within(await openCreate(user, 'Nuevo paciente'));

    await user.type(dialog.getByLabelText('Nombre'), 'Lucía');
    await user.type(dialog.getByLabelText('Apellidos'), 'Hernández');
    await user.type(dialog.getByLabelText('Correo electrónico'), 'lucia@example.com');
    await user.type(dialog.getByLabelText('Contraseña temporal'), 'secreto1');
    await user.click(dialog.getByRole('button', { name: 'Crear paciente' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Error al crear el paciente');
    expect(alert).toHaveTextContent('Ya existe una cuenta con este correo.');
    expect(dialog.getByLabelText('Nombre')).toHaveValue('Lucía');
    expect(dialog.getByLabelText('Correo electrónico')).toHaveValue('lucia@example.com');
    expect(dialog.getByLabelText('Contraseña temporal')).toHaveValue('secreto1');
  });

  it("puts the server's field messages on the fields", async () => {
    renderMedicHome({
      handlers: { 'patients.create': () => fail('VALIDATION_FAILED', [{ path: 'weight', message: 'validation.weightRange' }]) },
    });
    const user = userEvent.setup();
    const dialog = within(await openCreate(user));
    await user.type(dialog.getByLabelText('First name'), 'Ana');
    await user.type(dialog.getByLabelText('Last name'), 'Paz');
    await user.type(dialog.getByLabelText('Email'), 'ana@example.com');
    await user.type(dialog.getByLabelText('Temporary password'), 'secreto1');
    await user.click(dialog.getByRole('button', { name: 'Create patient' }));

    await waitFor(() => expect(dialog.getByLabelText('Weight (kg)')).toHaveAccessibleDescription('Weight must be between 0.2 and 500 kg'));
    expect(dialog.getByRole('alert')).toHaveTextContent('Error creating patient');
  });
});
