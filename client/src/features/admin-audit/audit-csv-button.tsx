// "Download CSV": every event of the filter on screen, all pages, as the server streams it. The page
// hands in the fetch that saves a file with the session's token (the FHIR export's: a feature does
// not import another's); a mutation, so that a 401 signs out as everywhere.
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditFilter } from '../../../../shared/admin';
import { translateApiError } from '../../lib/translate-error';
import { auditSearchOf } from './audit-search';

export const auditCsvUrl = (filter: AuditFilter) => {
  const search = auditSearchOf(filter);
  return search ? `/api/admin/audit.csv?${search}` : '/api/admin/audit.csv';
};

interface AuditCsvButtonProps {
  filter: AuditFilter;
  /** Fetches `url` with the session's token and saves it under the server's file name, else `fallbackName`. */
  downloadFile: (url: string, fallbackName: string) => Promise<void>;
}

export function AuditCsvButton({ filter, downloadFile }: AuditCsvButtonProps) {
  const { t } = useTranslation('audit');
  const download = useMutation({ mutationFn: () => downloadFile(auditCsvUrl(filter), t('csv.fallbackFileName')) });
  return (
    <div className="audit-action">
      <button type="button" className="button button--secondary" onClick={() => download.mutate()} disabled={download.isPending} title={t('csv.hint')}>
        {download.isPending ? t('csv.preparing') : t('csv.download')}
      </button>
      {download.isError && (
        <p role="alert" className="alert alert--error">
          {t('csv.failed')} {translateApiError(t, download.error, 'audit:network')}
        </p>
      )}
    </div>
  );
}
