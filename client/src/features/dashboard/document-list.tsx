// The patient's documents (SPEC §2): name, date, type and code, each openable in a new tab through
// the patient's own download route. A failed open says so in a toast (SPEC §8).
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts';
import { openDocument, patientDocumentUrl } from '../../lib/open-document';
import { useFormatters } from '../../lib/use-formatters';
import { translateApiError } from '../../lib/translate-error';
import type { PatientSelf } from '../../lib/api-types';

type RecordFile = PatientSelf['files'][number];

export function DocumentList({ files }: { files: RecordFile[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const toast = useToast();

  const open = (file: RecordFile) => {
    openDocument(patientDocumentUrl(file.code)).catch((error: unknown) => toast.error(t('documents.openFailed'), translateApiError(t, error, 'dashboard:errors.network')));
  };

  return (
    <ul className="bordered-list item-list" aria-label={t('health.documents')}>
      {files.map((file) => {
        const name = file.name.trim() || t('documents.unnamed');
        return (
          <li key={file.idFile} className="item-list__item">
            <div className="item-list__main">
              <p className="item-list__title">{name}</p>
              <p className="item-list__meta item-list__meta--row">
                <time dateTime={file.date}>{format.day(file.date)}</time>
                <span>{t(`documents.types.${file.mainType}`)}</span>
                <span>
                  {t('documents.code')}: <code className="document-code">{file.code}</code>
                </span>
              </p>
              {file.comment && <p className="item-list__notes">{file.comment}</p>}
            </div>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={t('documents.openNamed', { name })}
              onClick={() => open(file)}
            >
              {t('documents.open')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
