// /medic/patient/:id/print: the medic's printable summary of one patient, from the same query as
// the patient page (so it is usually in the cache already).
import { useMemo } from 'react';
import { useParams } from 'wouter';
import { PrintView } from '../features/print/print-view';
import { printableRecord } from '../features/print/printable-record';
import { trpc } from '../lib/trpc';

export function PrintPatientPage() {
  const { id } = useParams<{ id: string }>();
  const idPatient = Number(id);
  const validId = Number.isInteger(idPatient) && idPatient > 0;
  const detail = trpc.medics.patientDetail.useQuery({ idPatient }, { enabled: validId });
  const record = useMemo(() => detail.data && printableRecord(detail.data, detail.data.history), [detail.data]);
  return <PrintView record={record} failed={!validId || detail.isError} backHref={`/medic/patient/${id}`} />;
}
