// Patient records: creation by a medic, the medic's list, and one patient by id.
import { createPatientInput } from '../../../shared/patients';
import { recordAudit } from '../../audit/record-audit';
import { auditActorOf } from '../../services/access';
import { createPatient } from '../../services/patient-creation';
import { findPatient, listLinkedPatientRecords } from '../../services/patient-queries';
import { AppError } from '../../errors';
import { patientScopedProcedure } from '../patient-scoped';
import { medicProcedure, router } from '../trpc';

export const patientsRouter = router({
  create: medicProcedure
    .input(createPatientInput)
    .mutation(({ ctx, input }) => createPatient(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.medicId, input)),

  list: medicProcedure.query(({ ctx }) => {
    const patients = listLinkedPatientRecords(ctx.deps.db, ctx.actor.medicId);
    recordAudit(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), {
      action: 'patients.list',
      outcome: 'success',
      detail: `${patients.length} patients`,
    });
    return patients;
  }),

  byId: patientScopedProcedure.query(({ ctx, input }) => {
    const patient = findPatient(ctx.deps.db, input.idPatient);
    if (!patient) throw new AppError('PATIENT_NOT_FOUND');
    recordAudit(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), {
      action: 'patient.read',
      outcome: 'success',
      patientId: input.idPatient,
    });
    return patient;
  }),
});
