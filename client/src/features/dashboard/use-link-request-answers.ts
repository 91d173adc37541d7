// The patient's answer to a doctor's request to see their record (API.md "consent"). Declining asks
// first (SPEC §5). Either answer reloads the dashboard — an accepted doctor joins "My doctors" — and
// says how it went (SPEC §8).
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { useToast } from '../../components/toasts';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';
import type { LinkRequest } from '../../lib/api-types';

const doctorName = (request: LinkRequest) => `${request.medic.name} ${request.medic.lname}`.trim();

export function useLinkRequestAnswers() {
  const { t } = useTranslation('dashboard');
  const toast = useToast();
  const utils = trpc.useUtils();
  const reload = () => utils.patients.me.invalidate();
  const accept = trpc.patients.acceptLinkRequest.useMutation({ onSettled: reload });
  const decline = trpc.patients.declineLinkRequest.useMutation({ onSettled: reload });
  const busy = accept.isPending || decline.isPending;

  return {
    busy,
    accept: (request: LinkRequest) => {
      if (busy) return;
      accept.mutate(
        { idRequest: request.idRequest },
        {
          onSuccess: () => toast.success(t('linkRequests.accepted', { name: doctorName(request) })),
          onError: (error) => toast.error(t('linkRequests.acceptFailed'), translateApiError(t, error, 'dashboard:errors.network')),
        },
      );
    },
    decline: (request: LinkRequest) => {
      if (busy || !confirmAction(t('linkRequests.confirmDecline', { name: doctorName(request) }))) return;
      decline.mutate(
        { idRequest: request.idRequest },
        {
          onSuccess: () => toast.success(t('linkRequests.declined'), doctorName(request)),
          onError: (error) => toast.error(t('linkRequests.declineFailed'), translateApiError(t, error, 'dashboard:errors.network')),
        },
      );
    },
  };
}
