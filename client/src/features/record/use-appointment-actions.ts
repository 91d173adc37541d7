// The appointment calls, each reloading the record and saying how it went: the appointment itself,
// and what is written at it and kept for good (prescriptions, their voiding, addenda).
import type { ClinicalHistory } from '../../../../shared/record';
import type { AppointmentInput } from './appointment-values';
import type { PrescriptionToIssue } from './prescribe-dialog';
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
  const prescribe = useRecordMutation(
    (client, { idHistory, prescription }: { idHistory: number; prescription: PrescriptionToIssue }) =>
      client.clinicalHistory.prescribe.mutate({ idHistory, ...prescription }),
    'save',
  );
  const voidPrescription = useRecordMutation(
    (client, input: { idPrescription: number; reason: string }) => client.clinicalHistory.voidPrescription.mutate(input),
    'save',
  );
  const addAddendum = useRecordMutation((client, input: { idHistory: number; text: string }) => client.clinicalHistory.addAddendum.mutate(input), 'save');
  return { create, update, setClosed, remove, prescribe, voidPrescription, addAddendum };
}
