// The appointment calls, each reloading the record and saying how it went.
import type { ClinicalHistory } from '../../../../shared/record';
import type { AppointmentInput } from './appointment-values';
import { useRecordMutation } from './use-record-mutation';

export function useAppointmentActions(idPatient: number) {
  const create = useRecordMutation((client, values: AppointmentInput) => client.clinicalHistory.create.mutate({ idPatient, ...values, end: null }), 'save');
  const update = useRecordMutation(
    (client, { idHistory, values }: { idHistory: number; values: AppointmentInput }) => client.clinicalHistory.update.mutate({ idHistory, ...values }),
    'save',
  );
  const setClosed = useRecordMutation(
    (client, { idHistory, closed }: { idHistory: number; closed: boolean }) => client.clinicalHistory.update.mutate({ idHistory, closed }),
    'save',
  );
  const remove = useRecordMutation((client, appointment: ClinicalHistory) => client.clinicalHistory.remove.mutate({ idHistory: appointment.idHistory }), 'delete');
  return { create, update, setClosed, remove };
}
