import { useTranslation } from 'react-i18next';
import { useSession } from '../features/auth/use-session';
import { useDocumentTitle } from '../lib/use-document-title';

export function MedicHomePage() {
  const { t } = useTranslation('common');
  const user = useSession()?.user;
  useDocumentTitle(t('titles.home'));
  return (
    <section className="page-section" aria-labelledby="medic-home-title">
      <h1 id="medic-home-title" className="page-title">
        {t('medicHome.title')}
      </h1>
      {user && <p className="page-subtitle">{t('medicHome.signedInAs', { name: `${user.name} ${user.lname}` })}</p>}
    </section>
  );
}
