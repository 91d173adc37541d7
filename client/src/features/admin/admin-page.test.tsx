import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MedicAccount } from '../../../../shared/admin';
import { BACKUPS_OFF } from '../../../../shared/backup-status';
import type { EmergencyAccess } from '../../../../shared/patients';
import { fail, fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { adminUser, medicUser, patientUser, renderApp, sessionFor } from '../../test/render-app';
import { renderSignedIn } from '../../test/signed-in';
import { chooseFromUserMenu } from '../../test/user-menu';

const account = (fields: Partial<MedicAccount> & Pick<MedicAccount, 'idMedic' | 'idUser' | 'name' | 'lname' | 'email'>): MedicAccount => ({
  status: 'active',
  isAdmin: false,
  createdAt: '2025-03-01T09:00',
  ...fields,
});

const pending = account({ idMedic: 9, idUser: 21, name: 'Sofía', lname: 'Ramírez', email: 'sofia.ramirez@example.com', status: 'pending' });
const admin = account({ idMedic: 1, idUser: adminUser.idUser, name: 'Elena', lname: 'Pérez', email: adminUser.email, isAdmin: true });
const active = account({ idMedic: 4, idUser: medicUser.idUser, name: 'Andrés', lname: 'Mora', email: medicUser.email });
const disabled = account({ idMedic: 6, idUser: 30, name: 'Raúl', lname: 'Soto', email: 'raul.soto@example.com', status: 'disabled' });
const medics = [pending, admin, active, disabled];

const access: EmergencyAccess = {
  idAccess: 2,
  medic: { idMedic: 4, name: 'Andrés', lname: 'Mora', email: medicUser.email, phone: null, whatsapp: null, about: null, specialty: null, licenseNumber: null },
  patient: { idPatient: 12, name: 'Lucía', lname: 'Hernández Ruiz' },
  reason: 'Paciente inconsciente en urgencias, sin familiares.',
  startedAt: '2025-03-04T10:30',
  expiresAt: '2025-03-04T14:30',
};

const adminServer = (handlers: Parameters<typeof fakeTrpcServer>[0] = {}) =>
  fakeTrpcServer({
    'auth.profile': () => ok({ user: adminUser }),
    'admin.medics': () => ok({ medics }),
    'admin.emergencyAccesses': () => ok({ accesses: [access] }),
    'admin.backupStatus': () => ok(BACKUPS_OFF),
    'practice.details': () => ok({ name: 'Expediente', address: null, city: null, phone: null, requireTwoFactorForMedics: false }),
    ...handlers,
  });

const rowOf = (name: string) =>
  within(screen.getByRole('table', { name: /^(Medic accounts|Cuentas de médicos)/ }))
    .getByRole('cell', { name: new RegExp(`^${name}`) })
    .closest('tr')!;

describe('practice administration', () => {
  it('is in the menu of the administrator, and lists medic accounts pending first with their actions', async () => {
    adminServer();
    const app = renderApp({ path: '/dashboard', session: sessionFor(adminUser) });
    const user = userEvent.setup();
    await chooseFromUserMenu(user, 'link', 'Practice administration');

    expect(await screen.findByRole('heading', { level: 1, name: 'Practice administration' })).toBeInTheDocument();
    expect(app.currentPath()).toBe('/admin');
    await waitFor(() => expect(document.title).toBe('Expediente · Administration'));

    const table = await screen.findByRole('table', { name: 'Medic accounts, pending approval first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Sofía Ramírez',
      'Elena PérezAdministratorYou',
      'Andrés Mora',
      'Raúl Soto',
    ]);
    expect(within(rows[0]!).getByText('Pending approval')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Approve Sofía Ramírez' })).toBeInTheDocument();
    // The administrator cannot lock themselves out.
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Disable Andrés Mora' })).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Disabled')).toBeInTheDocument();
    expect(within(rows[3]!).getByRole('button', { name: 'Enable Raúl Soto' })).toBeInTheDocument();
  });

  it('approves a pending medic and updates the row in place', async () => {
    const server = adminServer({ 'admin.approveMedic': () => ok({ ...pending, status: 'active' }) });
    renderApp({ path: '/admin', session: sessionFor(adminUser) });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Approve Sofía Ramírez' }));

    expect(await screen.findByText('Sofía Ramírez can now sign in.')).toBeInTheDocument();
    expect(server.callsTo('admin.approveMedic').map((call) => call.input)).toEqual([{ idMedic: 9 }]);
    const row = rowOf('Sofía Ramírez');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Disable Sofía Ramírez' })).toBeInTheDocument();
    expect(server.callsTo('admin.medics')).toHaveLength(1);
  });

  it('asks before disabling a medic, and does nothing when the answer is no', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const server = adminServer({ 'admin.disableMedic': () => ok({ ...active, status: 'disabled' }) });
    renderApp({ path: '/admin', session: sessionFor(adminUser) });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Disable Andrés Mora' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Disable Andrés Mora?'));
    expect(server.callsTo('admin.disableMedic')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disable Andrés Mora' }));
    expect(await screen.findByText('Andrés Mora was disabled and signed out.')).toBeInTheDocument();
    expect(within(rowOf('Andrés Mora')).getByRole('button', { name: 'Enable Andrés Mora' })).toBeInTheDocument();
  });

  it('says why a change failed, in Spanish', async () => {
    adminServer({ 'admin.approveMedic': () => fail('FORBIDDEN') });
    renderApp({ path: '/admin', session: sessionFor(adminUser), language: 'es' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Aprobar a Sofía Ramírez' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cambiar la cuenta.');
    expect(within(rowOf('Sofía Ramírez')).getByText('Pendiente de aprobación')).toBeInTheDocument();
  });

  it('finds an account, resets its password once confirmed and shows the temporary password only once', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const server = adminServer({
      'admin.findAccount': (input) =>
        ok({
          account:
            (input as { email: string }).email === 'lucia@example.com'
              ? { idUser: 7, name: 'Lucía', lname: 'Hernández Ruiz', email: 'lucia@example.com', type: 'patient', status: 'active' }
              : null,
        }),
      'admin.resetPassword': () => ok({ temporaryPassword: 'Tq7-mango-rio-42' }),
    });
    renderApp({ path: '/admin', session: sessionFor(adminUser) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Account email'), 'nadie@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No account with that email.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Account email'));
    await user.type(screen.getByLabelText('Account email'), 'lucia@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const found = await screen.findByRole('group', { name: 'Account found' });
    expect(within(found).getByText('Lucía Hernández Ruiz')).toBeInTheDocument();
    expect(within(found).getByText('Patient')).toBeInTheDocument();

    await user.click(within(found).getByRole('button', { name: 'Reset password' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Reset the password of Lucía Hernández Ruiz (lucia@example.com)?'));
    expect(server.callsTo('admin.resetPassword').map((call) => call.input)).toEqual([{ idUser: 7 }]);

    const dialog = await screen.findByRole('dialog', { name: 'Temporary password' });
    expect(within(dialog).getByText('Tq7-mango-rio-42').tagName).toBe('CODE');
    expect(dialog).toHaveTextContent('It is shown only this once');
    expect(dialog).toHaveTextContent('They must change it when they next sign in.');
    expect(within(dialog).getByRole('button', { name: 'Done' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Tq7-mango-rio-42')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Tq7-mango-rio-42');
  });

  it('does not reset when the administrator does not confirm', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const server = adminServer({
      'admin.findAccount': () => ok({ account: { idUser: 7, name: 'Lucía', lname: 'Hernández Ruiz', email: 'lucia@example.com', type: 'patient', status: 'active' } }),
    });
    renderApp({ path: '/admin', session: sessionFor(adminUser) });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Account email'), 'lucia@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await user.click(await screen.findByRole('button', { name: 'Reset password' }));

    expect(server.callsTo('admin.resetPassword')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists emergency accesses with dates in the active language', async () => {
    adminServer();
    renderApp({ path: '/admin', session: sessionFor(adminUser), language: 'es' });

    const table = await screen.findByRole('table', { name: 'Accesos de emergencia, primero los más recientes' });
    const format = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' });
    const [header, row] = within(table).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Inicio', 'Fin', 'Médico', 'Paciente', 'Motivo']);
    expect(within(row!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      format.format(new Date(2025, 2, 4, 10, 30)),
      format.format(new Date(2025, 2, 4, 14, 30)),
      'Andrés Mora',
      'Lucía Hernández Ruiz',
      'Paciente inconsciente en urgencias, sin familiares.',
    ]);
  });

  it('shows empty lists as such, and a failed list with a retry', async () => {
    let reachable = false;
    adminServer({
      'admin.medics': () => (reachable ? ok({ medics: [admin] }) : fail('INTERNAL_ERROR')),
      'admin.emergencyAccesses': () => ok({ accesses: [] }),
    });
    renderApp({ path: '/admin', session: sessionFor(adminUser) });
    const user = userEvent.setup();

    expect(await screen.findByText('No emergency access has been used.')).toBeInTheDocument();
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('The medic accounts could not be loaded.');
    reachable = true;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Medic accounts, pending approval first' })).toBeInTheDocument();
  });

  it.each([
    ['a medic', medicUser],
    ['a patient', patientUser],
  ])('keeps %s out: no menu entry, and /admin leads home', async (_who, signedIn) => {
    const { server, app } = renderSignedIn(signedIn, '/admin', {
      handlers: {
        'medics.myPatients': () => ok({ patients: [] }),
        'patients.me': () => fail('INTERNAL_ERROR'),
      },
    });
    const user = userEvent.setup();

    await waitFor(() => expect(app.currentPath()).toBe('/dashboard'));
    await user.click(await screen.findByRole('button', { name: /User menu$/ }));
    expect(screen.getByRole('link', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Practice administration' })).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.path.startsWith('admin.'))).toHaveLength(0);
  });
});
