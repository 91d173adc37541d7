// Linking to and unlinking from doctors (SPEC §2 "My doctor", §8): each success reloads the
// dashboard and says so in a toast; each failure says why.
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { trpc } from '../../lib/trpc';
import type { Doctor } from '../../lib/api-types';
import { useDashboardChange } from './use-dashboard-change';

const fullName = (doctor: Pick<Doctor, 'name' | 'lname'>) => `${doctor.name} ${doctor.lname}`.trim();

export function useDoctorLinks() {
  const { t } = useTranslation('dashboard');
  const utils = trpc.useUtils();
  const link = useDashboardChange(
    (doctor: Doctor) => utils.client.patients.linkDoctor.mutate({ doctorEmail: doctor.email }),
    (doctor) => [t('doctors.linkSuccess'), fullName(doctor)],
    () => t('doctors.linkFailed'),
  );
  const unlink = useDashboardChange(
    (doctor: Doctor) => utils.client.patients.unlinkDoctor.mutate({ idMedic: doctor.idMedic }),
    (doctor) => [t('doctors.unlinkSuccess'), fullName(doctor)],
    () => t('doctors.unlinkFailed'),
  );

  return {
    linking: link.isPending,
    /** Resolves true once linked, so the search can clear and close itself. */
    linkTo: (doctor: Doctor): Promise<boolean> =>
      link.mutateAsync(doctor).then(
        () => true,
        () => false,
      ),
    unlinkFrom: (doctor: Doctor) => {
      if (!confirmAction(t('doctors.unlinkConfirm', { name: fullName(doctor) }))) return;
      unlink.mutate(doctor);
    },
  };
}
