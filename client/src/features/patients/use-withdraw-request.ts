// Withdrawing an access request from the medic's home: ask first (SPEC §5), then tell how it went
// (SPEC §8) and reload the request list.
import { useTranslation } from 'react-i18next';
import type { LinkRequestForMedic } from '../../../../shared/patients';
import { confirmAction } from '../../components/confirm';
import { useToastedMutation } from '../../components/use-toasted-mutation';
import { trpc } from '../../lib/trpc';

const patientName = (request: LinkRequestForMedic) => `${request.patient.name} ${request.patient.lname}`.trim();

export function useWithdrawRequest() {
  const { t } = useTranslation('patients');
  const utils = trpc.useUtils();
  const withdraw = useToastedMutation({
    mutationFn: (request: LinkRequestForMedic) => utils.client.medics.withdrawLinkRequest.mutate({ idRequest: request.idRequest }),
    success: (_, request) => t('requests.withdrawn', { name: patientName(request) }),
    failure: { title: () => t('requests.withdrawFailed'), networkKey: 'patients:errors.network' },
    reload: () => utils.medics.linkRequests.invalidate(),
    reloadOnFailure: true,
  });

  return {
    isPending: withdraw.isPending,
    withdraw: (request: LinkRequestForMedic) => {
      if (withdraw.isPending) return;
      if (!confirmAction(t('requests.confirmWithdraw', { name: patientName(request) }))) return;
      withdraw.mutate(request);
    },
  };
}
