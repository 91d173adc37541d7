// The practice's medic accounts, pending approval first (the server's order), with their actions.
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';
import { DataTable } from '../../components/data-table';
import { trpc } from '../../lib/trpc';
import { LoadFailed } from '../../components/load-failed';
import { translateApiError } from '../../lib/translate-error';
import { MedicAccountRow } from './medic-account-row';
import { CardSection } from '../../components/card-section';

export function MedicAccounts({ currentUserId }: { currentUserId: number | undefined }) {
  const { t } = useTranslation('admin');
  const medics = trpc.admin.medics.useQuery();

  return (
    <CardSection title={t('medics.title')} intro={t('medics.intro')}>
      {medics.isPending ? (
        <Spinner />
      ) : medics.isError ? (
        <LoadFailed message={t('medics.loadFailed')} reason={translateApiError(t, medics.error, 'admin:network')} retryLabel={t('retry')} onRetry={() => void medics.refetch()} />
      ) : medics.data.medics.length === 0 ? (
        <p className="dashboard-section__empty">{t('medics.empty')}</p>
      ) : (
        <DataTable
          label={t('medics.listLabel')}
          namedBy="aria-label"
          className="data-table data-table--stacked admin-table"
          headings={[t('medics.name'), t('medics.email'), t('medics.status'), t('medics.actions')]}
        >
          <tbody>
            {medics.data.medics.map((medic) => (
              <MedicAccountRow key={medic.idMedic} medic={medic} isSelf={medic.idUser === currentUserId} />
            ))}
          </tbody>
        </DataTable>
      )}
    </CardSection>
  );
}
