import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Doctor } from '../../../../shared/patients';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { medicUser, patientUser, renderApp, sessionFor } from '../../test/render-app';
import { renderSignedIn } from '../../test/signed-in';
import { chooseFromUserMenu } from '../../test/user-menu';

const medic = { ...medicUser, phone: '5550001111', address: 'Calle 5 #12' };
const doctor: Doctor = {
  idMedic: 4,
  name: 'Andrés',
  lname: 'Mora',
  email: 'andres.mora@example.com',
  phone: '5550001111',
  whatsapp: null,
  about: 'Medicina familiar.',
  specialty: null,
  licenseNumber: null,
};

describe('medic profile', () => {
  it("loads the medic's card, saves the edits and shows the new name in the header", async () => {
    const { server, app } = renderSignedIn(medic, '/dashboard', {
      handlers: {
        'medics.me': () => ok(doctor),
        'medics.updateMe': (input) => {
          const changes = input as Record<string, string | null>;
          return ok({ ...doctor, name: changes.name, lname: changes.lname, phone: changes.phone, whatsapp: changes.whatsapp, about: changes.about });
        },
      },
    });
    const user = userEvent.setup();

    await chooseFromUserMenu(user, 'link', 'My profile');
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/profile');
    await waitFor(() => expect(document.title).toBe('Expediente · My profile'));

    expect(await screen.findByLabelText('First name')).toHaveValue('Andrés');
    expect(screen.getByLabelText('Address')).toHaveValue('Calle 5 #12');
    expect(screen.getByLabelText('About you')).toHaveValue('Medicina familiar.');

    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('First name'), 'Andrea');
    await user.type(screen.getByLabelText('WhatsApp'), '5559998888');
    await user.clear(screen.getByLabelText('Phone'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(server.callsTo('medics.updateMe').map((call) => call.input)).toEqual([
      { name: 'Andrea', lname: 'Mora', phone: null, address: 'Calle 5 #12', whatsapp: '5559998888', about: 'Medicina familiar.', specialty: null, licenseNumber: null },
    ]);
    const stored = JSON.parse(localStorage.getItem('expediente.session')!).user;
    expect(stored).toEqual({ ...medic, name: 'Andrea', phone: null });

    await user.click(screen.getByRole('button', { name: /User menu$/ }));
    expect(within(screen.getByRole('dialog', { name: 'Andrea Mora' })).getByText('andres.mora@example.com')).toBeInTheDocument();
  });

  it('saves the specialty and licence number that prescriptions print, and says why they are asked for', async () => {
    const { server } = renderSignedIn(medic, '/profile', {
      handlers: {
        'medics.me': () => ok(doctor),
        'medics.updateMe': (input) => ok({ ...doctor, ...(input as Partial<Doctor>) }),
      },
    });
    const user = userEvent.setup();

    const licence = await screen.findByLabelText('Licence number');
    expect(licence).toHaveAccessibleDescription(/Printed on every prescription: you cannot issue one without it\./);
    await user.type(screen.getByLabelText('Specialty'), 'Medicina familiar');
    await user.type(licence, '28/2812345');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(server.callsTo('medics.updateMe').map((call) => call.input)).toEqual([
      expect.objectContaining({ specialty: 'Medicina familiar', licenseNumber: '28/2812345' }),
    ]);
    expect(screen.getByLabelText('Specialty')).toHaveValue('Medicina familiar');
    expect(screen.getByLabelText('Licence number')).toHaveValue('28/2812345');
  });

  it('clears the specialty and the cédula when they are emptied, in Spanish', async () => {
    const { server } = renderSignedIn(medic, '/profile', {
      handlers: {
        'medics.me': () => ok({ ...doctor, specialty: 'Pediatría', licenseNumber: '12345678' }),
        'medics.updateMe': (input) => ok({ ...doctor, ...(input as Partial<Doctor>) }),
      },
      language: 'es',
    });
    const user = userEvent.setup();

    const licence = await screen.findByLabelText('Cédula profesional o nº de colegiado');
    expect(licence).toHaveValue('12345678');
    expect(licence).toHaveAccessibleDescription(/sin este dato no puede emitir recetas/);
    await user.clear(screen.getByLabelText('Especialidad'));
    await user.clear(licence);
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));

    expect(await screen.findByText('Su perfil se guardó.')).toBeInTheDocument();
    expect(server.callsTo('medics.updateMe').map((call) => call.input)).toEqual([
      expect.objectContaining({ specialty: null, licenseNumber: null }),
    ]);
  });

  it.each([
    ['en', 'Licence number', 'Save profile', 'This text is too long'],
    ['es', 'Cédula profesional o nº de colegiado', 'Guardar perfil', 'El texto es demasiado largo'],
  ] as const)('refuses a licence number longer than 50 characters and keeps it for correction (%s)', async (language, label, save, message) => {
    const server = fakeTrpcServer({
      'auth.profile': () => ok({ user: medic }),
      'medics.me': () => ok(doctor),
      'medics.updateMe': (input) => ok({ ...doctor, ...(input as Partial<Doctor>) }),
    });
    renderApp({ path: '/profile', session: sessionFor(medic), language });
    const user = userEvent.setup();
    const tooLong = '1'.repeat(51);

    await user.type(await screen.findByLabelText(label), tooLong);
    await user.click(screen.getByRole('button', { name: save }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(label)).toHaveValue(tooLong);
    expect(server.callsTo('medics.updateMe')).toHaveLength(0);
  });

  it('explains a failed save in Spanish and keeps what was typed', async () => {
    renderSignedIn(medic, '/profile', {
      handlers: {
        'medics.me': () => ok(doctor),
        'medics.updateMe': () => fail('VALIDATION_FAILED', [{ path: 'about', message: 'validation.tooLong' }]),
      },
      language: 'es',
    });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Acerca de usted'), ' Horario: lunes a viernes.');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo guardar el perfil.');
    expect(screen.getByLabelText('Acerca de usted')).toHaveValue('Medicina familiar. Horario: lunes a viernes.');
    expect(screen.getByLabelText('Acerca de usted')).toHaveAttribute('aria-invalid', 'true');
    expect(JSON.parse(localStorage.getItem('expediente.session')!).user).toEqual(medic);
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let reachable = false;
    renderSignedIn(medic, '/profile', {
      handlers: {
        'medics.me': () => (reachable ? ok(doctor) : fail('FORBIDDEN')),
      },
    });
    const user = userEvent.setup();

    expect(await screen.findByRole('alert')).toHaveTextContent('Your profile could not be loaded. You are not allowed to do this.');
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Andrés');
  });

  it('is for medics only: a patient has no such menu entry and is sent home', async () => {
    const { app } = renderSignedIn(patientUser, '/profile');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Welcome, Lucía' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/dashboard');
    await user.click(screen.getByRole('button', { name: /User menu$/ }));
    expect(screen.queryByRole('link', { name: 'My profile' })).not.toBeInTheDocument();
  });
});
