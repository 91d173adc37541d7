// Doctors asking to see the patient's record, at the top of the dashboard: nothing a doctor asks
// for is granted until the patient accepts here. Each request names the doctor and when it was
// sent; Accept and Decline are labelled with the doctor's name for screen readers.
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/use-formatters';
import type { LinkRequest } from '../../lib/api-types';
import { useLinkRequestAnswers } from './use-link-request-answers';
import { CardSection } from '../../components/card-section';
import { PersonItem } from '../../components/person-item';

export function LinkRequests({ requests }: { requests: LinkRequest[] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const { accept, decline, busy } = useLinkRequestAnswers();

  return (
    <CardSection title={t('linkRequests.title')} intro={t('linkRequests.intro')} className="patient-link-requests">
      <ul className="bordered-list result-list" aria-label={t('linkRequests.listLabel')}>
        {requests.map((request) => {
          const name = `${request.medic.name} ${request.medic.lname}`.trim();
          return (
            <PersonItem
              key={request.idRequest}
              person={request.medic}
              title={t('linkRequests.asks', { name })}
              details={[request.medic.email, t('linkRequests.sent', { date: format.day(request.createdAt) })]}
            >
              <div className="result-list__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  aria-label={t('linkRequests.acceptNamed', { name })}
                  // Not disabled while busy: a disabled button would drop the focus.
                  aria-disabled={busy}
                  onClick={() => accept(request)}
                >
                  {t('linkRequests.accept')}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  aria-label={t('linkRequests.declineNamed', { name })}
                  aria-disabled={busy}
                  onClick={() => decline(request)}
                >
                  {t('linkRequests.decline')}
                </button>
              </div>
            </PersonItem>
          );
        })}
      </ul>
    </CardSection>
  );
}
