// The patient's answer to a doctor's request to see their record (API.md "consent"). Declining asks
// first (SPEC §5). Either answer reloads the dashboard — an accepted doctor joins "My doctors" — and
// says how it went (SPEC §8).
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { trpc } from '../../lib/trpc';
import type { LinkRequest } from '../../lib/api-types';
import { useDashboardChange } from './use-dashboard-change';

const doctorName = (request: LinkRequest) => `${request.medic.name} ${request.medic.lname}`.trim();

export function useLinkRequestAnswers() {
  const { t } = useTranslation('dashboard');
  const utils = trpc.useUtils();
  const accept = useDashboardChange(
    (request: LinkRequest) => utils.client.patients.acceptLinkRequest.mutate({ idRequest: request.idRequest }),
    (request) => t('linkRequests.accepted', { name: doctorName(request) }),
    () => t('linkRequests.acceptFailed'),
  );
  const decline = useDashboardChange(
    (request: LinkRequest) => utils.client.patients.declineLinkRequest.mutate({ idRequest: request.idRequest }),
    (request) => [t('linkRequests.declined'), doctorName(request)],
    () => t('linkRequests.declineFailed'),
  );
  const busy = accept.isPending || decline.isPending;

  return {
    busy,
    accept: (request: LinkRequest) => {
      if (!busy) accept.mutate(request);
    },
    decline: (request: LinkRequest) => {
      if (busy || !confirmAction(t('linkRequests.confirmDecline', { name: doctorName(request) }))) return;
      decline.mutate(request);
    },
  };
}
