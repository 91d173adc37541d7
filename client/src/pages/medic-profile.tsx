// /profile: a medic edits the name and contact details their patients see (medics only).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/spinner';
import { MedicProfileForm } from '../features/account/medic-profile-form';
import { useSession } from '../features/auth/use-session';
import { trpc } from '../lib/trpc';
import { translateApiError } from '../lib/translate-error';
import { useDocumentTitle } from '../lib/use-document-title';
import { LoadFailed } from '../components/load-failed';

export function MedicProfilePage() {
  const { t } = useTranslation(['account', 'common']);
  useDocumentTitle(t('common:titles.profile'));
  const headingId = useId();
  const address = useSession()?.user.address ?? null;
  const me = trpc.medics.me.useQuery();

  return (
    <section className="page-section card" aria-labelledby={headingId}>
      <h1 id={headingId} className="page-title">
        {t('profile.title')}
      </h1>
      <p className="page-subtitle">{t('profile.intro')}</p>
      {me.isPending ? (
        <Spinner />
      ) : me.isError ? (
        <LoadFailed message={t('profile.loadFailed')} reason={translateApiError(t, me.error, 'account:network')} retryLabel={t('profile.retry')} onRetry={() => void me.refetch()} />
      ) : (
        <MedicProfileForm doctor={me.data} address={address} />
      )}
    </section>
  );
}
