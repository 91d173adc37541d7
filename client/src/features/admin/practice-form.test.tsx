// The practice's details on /admin: pre-filled from practice.details, saved with admin.updatePractice,
// blank fields cleared, and a refused or invalid save explained while the form keeps what was typed.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BACKUPS_OFF } from '../../../../shared/backup-status';
import type { Practice, PracticeSettings } from '../../../../shared/prescriptions';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { adminUser, renderApp, sessionFor } from '../../test/render-app';

const stored: PracticeSettings = {
  name: 'Consultorio San Rafael',
  address: 'Calle Mayor 12, 1.º',
  city: null,
  phone: '+34 910 555 100',
  requireTwoFactorForMedics: false,
};

const showAdminPage = (handlers: Parameters<typeof fakeTrpcServer>[0], language: 'en' | 'es' = 'en') => {
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user: adminUser }),
    'admin.medics': () => ok({ medics: [] }),
    'admin.emergencyAccesses': () => ok({ accesses: [] }),
    'admin.backupStatus': () => ok(BACKUPS_OFF),
    'practice.details': () => ok(stored),
    ...handlers,
  });
  renderApp({ path: '/admin', session: sessionFor(adminUser), language });
  return server;
};

describe("the practice's details", () => {
  it('shows what prescriptions print, saves the edits with blank fields cleared, and confirms', async () => {
    const server = showAdminPage({ 'admin.updatePractice': (input) => ok({ ...stored, ...(input as Partial<Practice>), name: (input as Practice).name ?? 'Expediente' }) });
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Practice' });
    expect(card).toHaveTextContent('appear in the header of every printed prescription');
    const name = await within(card).findByLabelText('Practice name');
    expect(name).toHaveValue('Consultorio San Rafael');
    expect(within(card).getByLabelText('Address')).toHaveValue('Calle Mayor 12, 1.º');
    expect(within(card).getByLabelText('City')).toHaveValue('');
    expect(within(card).getByLabelText('Phone')).toHaveValue('+34 910 555 100');

    await user.type(within(card).getByLabelText('City'), 'Madrid');
    await user.clear(within(card).getByLabelText('Phone'));
    await user.click(within(card).getByRole('button', { name: 'Save practice details' }));

    expect(await screen.findByText("The practice's details were saved.")).toBeInTheDocument();
    expect(server.callsTo('admin.updatePractice').map((call) => call.input)).toEqual([
      { name: 'Consultorio San Rafael', address: 'Calle Mayor 12, 1.º', city: 'Madrid', phone: null, requireTwoFactorForMedics: false },
    ]);
    expect(within(card).getByLabelText('City')).toHaveValue('Madrid');
    expect(within(card).getByLabelText('Phone')).toHaveValue('');
  });

  it('explains a refused save in Spanish and keeps what was typed', async () => {
    const server = showAdminPage({ 'admin.updatePractice': () => fail('VALIDATION_FAILED', [{ path: 'phone', message: 'validation.controlCharacters' }]) }, 'es');
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Consultorio' });
    await user.clear(await within(card).findByLabelText('Dirección'));
    await user.type(within(card).getByLabelText('Dirección'), 'Avenida de América 8');
    await user.type(within(card).getByLabelText('Ciudad'), 'Madrid');
    await user.click(within(card).getByRole('button', { name: 'Guardar datos del consultorio' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent('No se pudieron guardar los datos del consultorio.');
    expect(server.callsTo('admin.updatePractice')).toHaveLength(1);
    expect(within(card).getByLabelText('Teléfono')).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).getByLabelText('Dirección')).toHaveValue('Avenida de América 8');
    expect(within(card).getByLabelText('Ciudad')).toHaveValue('Madrid');
    expect(screen.queryByText('Se guardaron los datos del consultorio.')).not.toBeInTheDocument();
  });

  it('names a city that is too long and sends nothing', async () => {
    const server = showAdminPage({ 'admin.updatePractice': () => ok(stored) });
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Practice' });
    const city = await within(card).findByLabelText('City');
    await user.type(city, 'M'.repeat(101));
    await user.click(within(card).getByRole('button', { name: 'Save practice details' }));

    expect(await within(card).findByText('This text is too long')).toBeInTheDocument();
    expect(city).toHaveAttribute('aria-invalid', 'true');
    expect(city).toHaveValue('M'.repeat(101));
    expect(server.callsTo('admin.updatePractice')).toHaveLength(0);
  });

  it('offers a retry when the details cannot be loaded', async () => {
    let reachable = false;
    showAdminPage({ 'practice.details': () => (reachable ? ok(stored) : fail('INTERNAL_ERROR')) });
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Practice' });
    const alert = await within(card).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent("The practice's details could not be loaded.");
    reachable = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByLabelText('Practice name')).toHaveValue('Consultorio San Rafael');
  });

  it('turns on the requirement of a second factor for medics, explaining what happens to those without one', async () => {
    const server = showAdminPage({ 'admin.updatePractice': (input) => ok({ ...stored, ...(input as Partial<PracticeSettings>) }) });
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Practice' });
    const policy = await within(card).findByRole('checkbox', { name: 'Require a second factor for medics' });
    expect(policy).not.toBeChecked();
    expect(policy).toHaveAccessibleDescription(expect.stringContaining('can then do nothing but set one up'));
    expect(policy).toHaveAccessibleDescription(expect.stringContaining('Patients are not affected.'));

    await user.click(policy);
    await user.click(within(card).getByRole('button', { name: 'Save practice details' }));

    expect(await screen.findByText("The practice's details were saved.")).toBeInTheDocument();
    expect(server.callsTo('admin.updatePractice').map((call) => call.input)).toEqual([
      { name: 'Consultorio San Rafael', address: 'Calle Mayor 12, 1.º', city: null, phone: '+34 910 555 100', requireTwoFactorForMedics: true },
    ]);
    expect(within(card).getByRole('checkbox', { name: 'Require a second factor for medics' })).toBeChecked();
  });

  it('shows the requirement as stored, in Spanish, and turns it off', async () => {
    const server = showAdminPage(
      {
        'practice.details': () => ok({ ...stored, requireTwoFactorForMedics: true }),
        'admin.updatePractice': (input) => ok({ ...stored, ...(input as Partial<PracticeSettings>) }),
      },
      'es',
    );
    const user = userEvent.setup();

    const card = await screen.findByRole('region', { name: 'Consultorio' });
    const policy = await within(card).findByRole('checkbox', { name: 'Exigir un segundo factor a los médicos' });
    expect(policy).toBeChecked();

    await user.click(policy);
    await user.click(within(card).getByRole('button', { name: 'Guardar datos del consultorio' }));

    expect(await screen.findByText('Se guardaron los datos del consultorio.')).toBeInTheDocument();
    expect(server.callsTo('admin.updatePractice').map((call) => (call.input as PracticeSettings).requireTwoFactorForMedics)).toEqual([false]);
  });
});
