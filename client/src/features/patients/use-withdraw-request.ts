// Withdrawing an access request from the medic's home: ask first (SPEC §5), then tell how it went
// (SPEC §8) and reload the request list.
import { useTranslation } from 'react-i18next';
import type { LinkRequestForMedic } from '../../../../shared/patients';
import { confirmAction } from '../../components/confirm';
import { useToast } from '../../components/toasts';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';

export function useWithdrawRequest() {
  const { t } = useTranslation('patients');
  const toast = useToast();
  const utils = trpc.useUtils();
  const withdraw = trpc.medics.withdrawLinkRequest.useMutation({
    onSettled: () => utils.medics.linkRequests.invalidate(),
  });

  return {
    isPending: withdraw.isPending,
    withdraw: (request: LinkRequestForMedic) => {
      if (withdraw.isPending) return;
      const name = `${request.patient.name} ${request.patient.lname}`.trim();
      if (!confirmAction(t('requests.confirmWithdraw', { name }))) return;
      withdraw.mutate(
        { idRequest: request.idRequest },
        {
          onSuccess: () => toast.success(t('requests.withdrawn', { name })),
          onError: (error) => toast.error(t('requests.withdrawFailed'), translateApiError(t, error, 'patients:errors.network')),
        },
      );
    },
  };
}
