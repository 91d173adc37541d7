import { useTranslation } from 'react-i18next';
import { Avatar } from '../components/avatar';
import { useSession } from '../features/auth/use-session';
import { useDocumentTitle } from '../lib/use-document-title';

export function PatientHomePage() {
  const { t } = useTranslation('common');
  const user = useSession()?.user;
  useDocumentTitle(t('titles.home'));
  if (!user) return null;
  const orNotAvailable = (value: string | null) => (value && value.trim() ? value : t('notAvailable'));
  return (
    <section className="page-section" aria-labelledby="patient-home-title">
      <div className="profile-card card">
        <Avatar name={user.name} lname={user.lname} size="lg" />
        <div className="profile-card__body">
          <h1 id="patient-home-title" className="page-title">
            {t('patientHome.welcome', { name: user.name })}
          </h1>
          <h2 className="section-title">{t('patientHome.myDetails')}</h2>
          <dl className="details">
            <div className="details__item">
              <dt>{t('patientHome.email')}</dt>
              <dd>{orNotAvailable(user.email)}</dd>
            </div>
            <div className="details__item">
              <dt>{t('patientHome.phone')}</dt>
              <dd>{orNotAvailable(user.phone)}</dd>
            </div>
            <div className="details__item">
              <dt>{t('patientHome.address')}</dt>
              <dd>{orNotAvailable(user.address)}</dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}
