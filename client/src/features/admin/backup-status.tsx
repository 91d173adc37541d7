// The administrator's view of the scheduled backups: off, or how often and how many are kept, the
// last outcome and the next run. A failed backup is an alert: it must not wait for the day a backup
// is needed to be noticed.
import { useTranslation } from 'react-i18next';
import type { BackupRun, BackupStatus } from '../../../../shared/backup-status';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { LoadFailed } from '../../components/load-failed';
import { translateApiError } from '../../lib/translate-error';
import { useBackupFormats } from './use-backup-formats';
import { CardSection } from '../../components/card-section';

/** A page left open shows a backup that ran, or failed, meanwhile. */
const REFRESH_MS = 5 * 60_000;

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

function LastRun({ run }: { run: BackupRun }) {
  const { t } = useTranslation('admin');
  const format = useBackupFormats();
  const when = (
    <time dateTime={run.at}>{t('backups.at', { time: format.instant(run.at) })}</time>
  );
  if (!run.ok) {
    return (
      <div role="alert" className="alert alert--error backup-status__failed">
        <p className="backup-status__outcome">
          <strong>{t('backups.failed')}</strong> {when}
        </p>
        {run.message && <p className="backup-status__message">{run.message}</p>}
        <p>{t('backups.failedHelp')}</p>
      </div>
    );
  }
  return (
    <div className="backup-status__ok">
      <p className="backup-status__outcome">
        <span className="tag tag--open">{t('backups.ok')}</span> {when}
      </p>
      {run.file && run.bytes !== null && <p>{t('backups.written', { file: baseName(run.file), size: format.bytes(run.bytes) })}</p>}
      {/* A success with something to say (old backups that could not be deleted) still needs attention. */}
      {run.message && (
        <p role="alert" className="alert alert--error">
          {run.message}
        </p>
      )}
    </div>
  );
}

function ScheduleDetails({ status }: { status: BackupStatus }) {
  const { t } = useTranslation('admin');
  const format = useBackupFormats();
  if (!status.enabled || status.everyHours === null || status.keep === null) {
    return <p className="dashboard-section__empty">{t('backups.off')}</p>;
  }
  return (
    <>
      <p>{t('backups.schedule', { count: status.everyHours, hours: format.number(status.everyHours), keep: status.keep })}</p>
      {status.lastRun ? <LastRun run={status.lastRun} /> : <p className="dashboard-section__empty">{t('backups.none')}</p>}
      {status.nextRunAt && (
        <p>
          <time dateTime={status.nextRunAt}>{t('backups.next', { time: format.instant(status.nextRunAt) })}</time>
        </p>
      )}
    </>
  );
}

export function BackupStatusPanel() {
  const { t } = useTranslation('admin');
  const status = trpc.admin.backupStatus.useQuery(undefined, { refetchInterval: REFRESH_MS });

  return (
    <CardSection title={t('backups.title')} className="backup-status">
      {status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <LoadFailed message={t('backups.loadFailed')} reason={translateApiError(t, status.error, 'admin:network')} retryLabel={t('retry')} onRetry={() => void status.refetch()} />
      ) : (
        <ScheduleDetails status={status.data} />
      )}
    </CardSection>
  );
}
