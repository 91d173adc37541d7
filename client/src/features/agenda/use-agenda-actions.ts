// Booking, moving and cancelling from the agenda, with the clinical-history procedures the record
// uses too. Each reloads what shows appointments and says how it went; a booking or a move that
// fails says why inside its dialog, which owns its call (so a reopened dialog starts clean).
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AgendaItem } from '../../../../shared/agenda';
import { useToast } from '../../components/toasts';
import { gotNoAnswer } from '../../lib/api-error';
import { trpc } from '../../lib/trpc';
import { translateApiError } from '../../lib/translate-error';

export interface Booking {
  idPatient: number;
  /** YYYY-MM-DDTHH:mm */
  date: string;
  end: string;
  motive: string;
}

export interface Move {
  idHistory: number;
  date: string;
  end: string;
}

/** What showed appointments before a change: the agenda, a record, the patient list's last visit. */
function useReload() {
  const utils = trpc.useUtils();
  return {
    client: utils.client,
    reload: () => Promise.all([utils.medics.agenda.invalidate(), utils.medics.patientDetail.invalidate(), utils.medics.patientPage.invalidate()]),
  };
}

export function useBookAppointment() {
  const { t } = useTranslation('agenda');
  const toast = useToast();
  const { client, reload } = useReload();
  return useMutation({
    mutationFn: (booking: Booking) => client.clinicalHistory.create.mutate(booking),
    onSuccess: async () => {
      toast.success(t('book.success'));
      await reload();
    },
  });
}

export function useMoveAppointment() {
  const { t } = useTranslation('agenda');
  const toast = useToast();
  const { client, reload } = useReload();
  return useMutation({
    mutationFn: ({ idHistory, date, end }: Move) => client.clinicalHistory.update.mutate({ idHistory, date, end }),
    onSuccess: async () => {
      toast.success(t('move.success'));
      await reload();
    },
  });
}

export function useCancelAppointment() {
  const { t } = useTranslation('agenda');
  const toast = useToast();
  const { client, reload } = useReload();
  return useMutation({
    mutationFn: (appointment: AgendaItem) => client.clinicalHistory.remove.mutate({ idHistory: appointment.idHistory }),
    onSuccess: async () => {
      toast.success(t('item.cancelled'));
      await reload();
    },
    onError: (error) => {
      // Without an answer the call was given up on: say plainly that nothing happened.
      if (gotNoAnswer(error)) toast.error(t('item.notCancelled'), t('network'));
      else toast.error(t('item.cancelFailed'), translateApiError(t, error, 'network'));
    },
  });
}
