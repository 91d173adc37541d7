// "Access requests" on the medic's home: the patients this medic asked to see, waiting or declined,
// each with the day it was sent and a way to withdraw it. Nothing shows while there are none, or
// if the list cannot be read: the patient list below is what the page is for.
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { useFormatters } from '../../lib/use-formatters';
import { useWithdrawRequest } from './use-withdraw-request';
import { PersonItem } from '../../components/person-item';

export function LinkRequestsSection() {
  const { t } = useTranslation('patients');
  const format = useFormatters();
  const requests = trpc.medics.linkRequests.useQuery().data?.requests ?? [];
  const { withdraw, isPending } = useWithdrawRequest();
  if (requests.length === 0) return null;

  return (
    <section className="card link-requests" aria-labelledby="link-requests-title">
      <h2 id="link-requests-title" className="link-requests__title">
        {t('requests.title')}
      </h2>
      <p className="link-requests__intro">{t('requests.intro')}</p>
      <ul className="bordered-list result-list" aria-label={t('requests.listLabel')}>
        {requests.map((request) => {
          const name = `${request.patient.name} ${request.patient.lname}`.trim();
          return (
            <PersonItem
              key={request.idRequest}
              person={request.patient}
              title={name}
              details={[request.patient.email, t('requests.sent', { date: format.day(request.createdAt) })]}
            >
              <div className="result-list__actions">
                <span className={`tag link-requests__status link-requests__status--${request.status}`}>{t(`requests.status.${request.status}`)}</span>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={t('requests.withdrawNamed', { name })}
                  // Not disabled while busy: a disabled button would drop the focus.
                  aria-disabled={isPending}
                  onClick={() => withdraw(request)}
                >
                  {t('requests.withdraw')}
                </button>
              </div>
            </PersonItem>
          );
        })}
      </ul>
    </section>
  );
}
