// Every "break the glass" access, newest first (the server's order): who opened whose record, when,
// until when, and the reason they gave. Dates follow the active language.
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';
import { DataTable } from '../../components/data-table';
import { trpc } from '../../lib/trpc';
import { useFormatters } from '../../lib/use-formatters';
import { fullName } from './full-name';
import { LoadFailed } from '../../components/load-failed';
import { translateApiError } from '../../lib/translate-error';
import { CardSection } from '../../components/card-section';

export function EmergencyAccesses() {
  const { t } = useTranslation('admin');
  const format = useFormatters();
  const accesses = trpc.admin.emergencyAccesses.useQuery();

  return (
    <CardSection title={t('emergency.title')} intro={t('emergency.intro')}>
      {accesses.isPending ? (
        <Spinner />
      ) : accesses.isError ? (
        <LoadFailed message={t('emergency.loadFailed')} reason={translateApiError(t, accesses.error, 'admin:network')} retryLabel={t('retry')} onRetry={() => void accesses.refetch()} />
      ) : accesses.data.accesses.length === 0 ? (
        <p className="dashboard-section__empty">{t('emergency.empty')}</p>
      ) : (
        <DataTable
          label={t('emergency.tableLabel')}
          namedBy="aria-label"
          className="data-table data-table--stacked admin-table"
          headings={[t('emergency.started'), t('emergency.ends'), t('emergency.medic'), t('emergency.patient'), t('emergency.reason')]}
        >
          <tbody>
            {accesses.data.accesses.map((access) => (
              <tr key={access.idAccess}>
                <td data-label={t('emergency.started')}>
                  <time dateTime={access.startedAt}>{format.date(access.startedAt)}</time>
                </td>
                <td data-label={t('emergency.ends')}>
                  <time dateTime={access.expiresAt}>{format.date(access.expiresAt)}</time>
                </td>
                <td data-label={t('emergency.medic')}>{fullName(access.medic)}</td>
                <td data-label={t('emergency.patient')}>{fullName(access.patient)}</td>
                <td className="admin-table__reason" data-label={t('emergency.reason')}>{access.reason}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </CardSection>
  );
}
