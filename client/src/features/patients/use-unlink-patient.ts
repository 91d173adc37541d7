// Unlinking from the card menu: ask first (SPEC §5), then tell how it went (SPEC §8) and reload
// the list.
import { useTranslation } from 'react-i18next';
import type { PatientListItem } from '../../../../shared/patients';
import { confirmAction } from '../../components/confirm';
import { useToast } from '../../components/toasts';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';

export function useUnlinkPatient(): (patient: PatientListItem) => void {
  const { t } = useTranslation('patients');
  const toast = useToast();
  const utils = trpc.useUtils();
  const unlink = trpc.medics.unlinkPatient.useMutation({
    onSettled: () => utils.medics.patientPage.invalidate(),
  });

  return (patient) => {
    const name = `${patient.name} ${patient.lname}`.trim();
    if (!confirmAction(t('unlink.confirm', { name }))) return;
    unlink.mutate(
      { idPatient: patient.idPatient },
      {
        onSuccess: () => toast.success(t('unlink.success', { name })),
        onError: (error) => toast.error(t('unlink.failed'), translateApiError(t, error, 'patients:errors.network')),
      },
    );
  };
}
