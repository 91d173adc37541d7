// Approve, disable or enable a medic's account. The answer is the updated account, which replaces
// its row in place: the list is not re-sorted under the administrator's pointer. Disabling signs
// the medic out at once, so it asks first.
import { useTranslation } from 'react-i18next';
import type { MedicAccount } from '../../../../shared/admin';
import { confirmAction } from '../../components/confirm';
import { useToastedMutation } from '../../components/use-toasted-mutation';
import { trpc } from '../../lib/trpc';
import { fullName } from './full-name';

export type MedicStatusChange = 'approve' | 'disable' | 'enable';

const doneKey = { approve: 'medics.approved', disable: 'medics.disabled', enable: 'medics.enabled' } as const;

export function useChangeMedicStatus() {
  const { t } = useTranslation('admin');
  const utils = trpc.useUtils();
  const mutation = useToastedMutation({
    mutationFn: async ({ medic, change }: { medic: MedicAccount; change: MedicStatusChange }) => {
      const input = { idMedic: medic.idMedic };
      const updated = await (change === 'approve'
        ? utils.client.admin.approveMedic.mutate(input)
        : change === 'disable'
          ? utils.client.admin.disableMedic.mutate(input)
          : utils.client.admin.enableMedic.mutate(input));
      // The updated account replaces its row in place, before the toast says so.
      utils.admin.medics.setData(undefined, (data) =>
        data ? { medics: data.medics.map((medic) => (medic.idMedic === updated.idMedic ? updated : medic)) } : data,
      );
      return updated;
    },
    success: (updated, { change }) => t(doneKey[change], { name: fullName(updated) }),
    failure: { title: () => t('medics.changeFailed'), networkKey: 'admin:network' },
  });

  const change = (medic: MedicAccount, change: MedicStatusChange) => {
    if (change === 'disable' && !confirmAction(t('medics.confirmDisable', { name: fullName(medic) }))) return;
    mutation.mutate({ medic, change });
  };
  return { change, isPending: mutation.isPending };
}
