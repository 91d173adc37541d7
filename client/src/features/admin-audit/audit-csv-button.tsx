// "Download CSV": every event of the filter on screen, all pages, as the server streams it.
import { useTranslation } from 'react-i18next';
import type { AuditFilter } from '../../../../shared/admin';
import { DownloadButton } from '../../components/download-button';
import { auditSearchOf } from './audit-search';

export const auditCsvUrl = (filter: AuditFilter) => {
  const search = auditSearchOf(filter);
  return search ? `/api/admin/audit.csv?${search}` : '/api/admin/audit.csv';
};

export function AuditCsvButton({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation('audit');
  return (
    <DownloadButton
      url={auditCsvUrl(filter)}
      fallbackName={t('csv.fallbackFileName')}
      label={t('csv.download')}
      preparingLabel={t('csv.preparing')}
      hint={t('csv.hint')}
      failedLabel={t('csv.failed')}
      networkKey="audit:network"
      className="audit-action"
    />
  );
}
