// /medic/patient/:id/prescriptions/:idPrescription/print and /dashboard/prescriptions/:idPrescription/print:
// one receta printed by the medic from the record, or by the patient it belongs to from the
// dashboard. The server answers only those two (404 to anyone else). A medic has no dashboard of
// their own: on the patient's route they are sent home, as on /dashboard/print.
import { Redirect, useParams } from 'wouter';
import { useSession } from '../features/auth/use-session';
import { RecetaView } from '../features/print/receta-view';

export function PrintPrescriptionPage() {
  const { id, idPrescription } = useParams<{ id: string; idPrescription: string }>();
  return <RecetaView idPrescription={Number(idPrescription)} backHref={`/medic/patient/${id}`} />;
}

export function PrintOwnPrescriptionPage() {
  const isPatient = useSession()?.user.type === 'patient';
  const { idPrescription } = useParams<{ idPrescription: string }>();
  if (!isPatient) return <Redirect to="/dashboard" replace />;
  return <RecetaView idPrescription={Number(idPrescription)} backHref="/dashboard" />;
}
