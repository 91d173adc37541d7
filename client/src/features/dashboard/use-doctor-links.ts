// Linking to and unlinking from doctors (SPEC §2 "My doctor", §8): each success reloads the
// dashboard and says so in a toast; each failure says why.
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/confirm';
import { useToast } from '../../components/toasts';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';
import type { Doctor } from '../../lib/api-types';

const fullName = (doctor: Pick<Doctor, 'name' | 'lname'>) => `${doctor.name} ${doctor.lname}`.trim();

export function useDoctorLinks() {
  const { t } = useTranslation('dashboard');
  const toast = useToast();
  const utils = trpc.useUtils();
  const reload = () => utils.patients.me.invalidate();
  const link = trpc.patients.linkDoctor.useMutation({ onSettled: reload });
  const unlink = trpc.patients.unlinkDoctor.useMutation({ onSettled: reload });

  return {
    linking: link.isPending,
    /** Resolves true once linked, so the search can clear and close itself. */
    linkTo: async (doctor: Doctor): Promise<boolean> => {
      try {
        await link.mutateAsync({ doctorEmail: doctor.email });
        toast.success(t('doctors.linkSuccess'), fullName(doctor));
        return true;
      } catch (error) {
        toast.error(t('doctors.linkFailed'), translateApiError(t, error, 'dashboard:errors.network'));
        return false;
      }
    },
    unlinkFrom: (doctor: Doctor) => {
      if (!confirmAction(t('doctors.unlinkConfirm', { name: fullName(doctor) }))) return;
      unlink.mutate(
        { idMedic: doctor.idMedic },
        {
          onSuccess: () => toast.success(t('doctors.unlinkSuccess'), fullName(doctor)),
          onError: (error) => toast.error(t('doctors.unlinkFailed'), translateApiError(t, error, 'dashboard:errors.network')),
        },
      );
    },
  };
}
