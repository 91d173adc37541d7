// Approve, disable or enable a medic's account. The answer is the updated account, which replaces
// its row in place: the list is not re-sorted under the administrator's pointer. Disabling signs
// the medic out at once, so it asks first.
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MedicAccount } from '../../../../shared/admin';
import { confirmAction } from '../../components/confirm';
import { useToast } from '../../components/toasts';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';
import { fullName } from './full-name';

export type MedicStatusChange = 'approve' | 'disable' | 'enable';

const doneKey = { approve: 'medics.approved', disable: 'medics.disabled', enable: 'medics.enabled' } as const;

export function useChangeMedicStatus() {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const utils = trpc.useUtils();
  const mutation = useMutation({
    mutationFn: ({ medic, change }: { medic: MedicAccount; change: MedicStatusChange }) => {
      const input = { idMedic: medic.idMedic };
      if (change === 'approve') return utils.client.admin.approveMedic.mutate(input);
      if (change === 'disable') return utils.client.admin.disableMedic.mutate(input);
      return utils.client.admin.enableMedic.mutate(input);
    },
    onSuccess: (updated, { change }) => {
      utils.admin.medics.setData(undefined, (data) =>
        data ? { medics: data.medics.map((medic) => (medic.idMedic === updated.idMedic ? updated : medic)) } : data,
      );
      toast.success(t(doneKey[change], { name: fullName(updated) }));
    },
    onError: (error) => toast.error(t('medics.changeFailed'), translateApiError(t, error, 'admin:network')),
  });

  const change = (medic: MedicAccount, change: MedicStatusChange) => {
    if (change === 'disable' && !confirmAction(t('medics.confirmDisable', { name: fullName(medic) }))) return;
    mutation.mutate({ medic, change });
  };
  return { change, isPending: mutation.isPending };
}
