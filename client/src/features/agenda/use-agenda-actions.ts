// Booking, moving and cancelling from the agenda, with the clinical-history procedures the record
// uses too. Each reloads what shows appointments and says how it went; a booking or a move that
// fails says why inside its dialog, which owns its call (so a reopened dialog starts clean).
import { useTranslation } from 'react-i18next';
import type { AgendaItem } from '../../../../shared/agenda';
import { useToastedMutation } from '../../components/use-toasted-mutation';
import { trpc } from '../../lib/trpc';

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
  const { client, reload } = useReload();
  return useToastedMutation({
    mutationFn: (booking: Booking) => client.clinicalHistory.create.mutate(booking),
    success: () => t('book.success'),
    reload,
  });
}

export function useMoveAppointment() {
  const { t } = useTranslation('agenda');
  const { client, reload } = useReload();
  return useToastedMutation({
    mutationFn: ({ idHistory, date, end }: Move) => client.clinicalHistory.update.mutate({ idHistory, date, end }),
    success: () => t('move.success'),
    reload,
  });
}

export function useCancelAppointment() {
  const { t } = useTranslation('agenda');
  const { client, reload } = useReload();
  return useToastedMutation({
    mutationFn: (appointment: AgendaItem) => client.clinicalHistory.remove.mutate({ idHistory: appointment.idHistory }),
    success: () => t('item.cancelled'),
    failure: { title: () => t('item.cancelFailed'), networkKey: 'agenda:network' },
    noAnswer: () => [t('item.notCancelled'), t('network')],
    reload,
  });
}
