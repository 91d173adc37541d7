// Unlinking from the card menu: ask first (SPEC §5), then tell how it went (SPEC §8) and reload
// the list.
import { useTranslation } from 'react-i18next';
import type { PatientListItem } from '../../../../shared/patients';
import { confirmAction } from '../../components/confirm';
import { useToastedMutation } from '../../components/use-toasted-mutation';
import { trpc } from '../../lib/trpc';

const fullName = (patient: PatientListItem) => `${patient.name} ${patient.lname}`.trim();

export function useUnlinkPatient(): (patient: PatientListItem) => void {
  const { t } = useTranslation('patients');
  const utils = trpc.useUtils();
  const unlink = useToastedMutation({
    mutationFn: (patient: PatientListItem) => utils.client.medics.unlinkPatient.mutate({ idPatient: patient.idPatient }),
    success: (_, patient) => t('unlink.success', { name: fullName(patient) }),
    failure: { title: () => t('unlink.failed'), networkKey: 'patients:errors.network' },
    reload: () => utils.medics.patientPage.invalidate(),
    reloadOnFailure: true,
  });

  return (patient) => {
    if (!confirmAction(t('unlink.confirm', { name: fullName(patient) }))) return;
    unlink.mutate(patient);
  };
}
