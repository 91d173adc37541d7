// The administrator's backup panel on /admin: off, a last backup that worked, and one that failed
// (an alert, with the server's message), in both languages with dates in the active language.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BACKUPS_OFF, type BackupStatus } from '../../../../shared/backup-status';
import { fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { adminUser, renderApp, sessionFor } from '../../test/render-app';

const enabled = (fields: Partial<BackupStatus>): BackupStatus => ({
  enabled: true,
  everyHours: 24,
  keep: 14,
  lastRun: null,
  nextRunAt: '2026-11-23T08:00:00.000Z',
  ...fields,
});

const showAdminPage = (status: BackupStatus, language: 'en' | 'es') => {
  fakeTrpcServer({
    'auth.profile': () => ok({ user: adminUser }),
    'admin.medics': () => ok({ medics: [] }),
    'admin.emergencyAccesses': () => ok({ accesses: [] }),
    'admin.backupStatus': () => ok(status),
  });
  renderApp({ path: '/admin', session: sessionFor(adminUser), language });
};

const panel = async (title: string) => screen.findByRole('region', { name: title });
const dayTime = (language: string, iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

describe('the backup panel', () => {
  it('says when the schedule is off', async () => {
    showAdminPage(BACKUPS_OFF, 'en');
    const section = await panel('Scheduled backups');
    expect(await within(section).findByText(/Scheduled backups are off/)).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the last backup that worked, its file and size, and the next one, in English', async () => {
    const at = '2026-11-22T08:00:00.000Z';
    showAdminPage(
      enabled({ lastRun: { at, ok: true, message: null, file: '/srv/backups/expediente-2026-11-22T08-00-00Z.backup', bytes: 5 * 1024 * 1024 } }),
      'en',
    );
    const section = await panel('Scheduled backups');
    expect(await within(section).findByText('Last backup OK')).toBeInTheDocument();
    expect(within(section).getByText(`on ${dayTime('en', at)}`)).toHaveAttribute('datetime', at);
    expect(within(section).getByText('expediente-2026-11-22T08-00-00Z.backup, 5 MB')).toBeInTheDocument();
    expect(within(section).getByText('Every 24 hours, keeping the last 14.')).toBeInTheDocument();
    expect(within(section).getByText(`Next backup: ${dayTime('en', '2026-11-23T08:00:00.000Z')}.`)).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('makes a failed backup an alert with the server’s message, in Spanish', async () => {
    const at = '2026-11-22T08:00:00.000Z';
    const message = "EACCES: permission denied, mkdir '/srv/backups'";
    showAdminPage(enabled({ everyHours: 0.5, keep: 3, lastRun: { at, ok: false, message, file: null, bytes: null } }), 'es');
    const section = await panel('Copias de seguridad programadas');
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('La última copia FALLÓ');
    expect(alert).toHaveTextContent(`el ${dayTime('es', at)}`);
    expect(alert).toHaveTextContent(message);
    expect(within(section).getByText('Cada 0,5 horas; se conservan las últimas 3.')).toBeInTheDocument();
    expect(within(section).queryByText(/CORRECTA/)).not.toBeInTheDocument();
  });
});
