// Every "break the glass" access, newest first (the server's order): who opened whose record, when,
// until when, and the reason they gave. Dates follow the active language.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { useFormatters } from '../../lib/use-formatters';
import { fullName } from './full-name';
import { LoadFailed } from './load-failed';

export function EmergencyAccesses() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const headingId = useId();
  const accesses = trpc.admin.emergencyAccesses.useQuery();

  return (
    <section className="card dashboard-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="dashboard-section__title">
        {t('emergency.title')}
      </h2>
      <p className="dashboard-section__intro">{t('emergency.intro')}</p>
      {accesses.isPending ? (
        <Spinner />
      ) : accesses.isError ? (
        <LoadFailed message={t('emergency.loadFailed')} error={accesses.error} onRetry={() => void accesses.refetch()} />
      ) : accesses.data.accesses.length === 0 ? (
        <p className="dashboard-section__empty">{t('emergency.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table admin-table" aria-label={t('emergency.tableLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('emergency.started')}</th>
                <th scope="col">{t('emergency.ends')}</th>
                <th scope="col">{t('emergency.medic')}</th>
                <th scope="col">{t('emergency.patient')}</th>
                <th scope="col">{t('emergency.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {accesses.data.accesses.map((access) => (
                <tr key={access.idAccess}>
                  <td>
                    <time dateTime={access.startedAt}>{format.date(access.startedAt)}</time>
                  </td>
                  <td>
                    <time dateTime={access.expiresAt}>{format.date(access.expiresAt)}</time>
                  </td>
                  <td>{fullName(access.medic)}</td>
                  <td>{fullName(access.patient)}</td>
                  <td className="admin-table__reason">{access.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
