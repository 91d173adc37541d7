import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { useDocumentTitle } from '../lib/use-document-title';

export function PatientDetailPage() {
  const { t } = useTranslation('common');
  const { id } = useParams<{ id: string }>();
  useDocumentTitle(t('titles.patient'));
  return (
    <section className="page-section card" aria-labelledby="patient-detail-title">
      <h1 id="patient-detail-title" className="page-title">
        {t('patientDetail.title')}
      </h1>
      <dl className="details">
        <div className="details__item">
          <dt>{t('patientDetail.patientId')}</dt>
          <dd>{id}</dd>
        </div>
      </dl>
    </section>
  );
}
