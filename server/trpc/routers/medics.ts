// The medic workspace: linked patients, search, link requests, emergency access, unlink, the
// medic's own profile; and doctor search for everyone.
import { z } from 'zod';
import { idSchema } from '../../../shared/fields';
import { emergencyAccessInput, linkPatientInput, medicProfileInput, patientIdInput, requestIdInput, searchInput } from '../../../shared/patients';
import { deleteDocument } from '../../services/documents';
import { auditActorOf } from '../../services/access';
import { startEmergencyAccess } from '../../services/emergency-access';
import { listMedicRequests, requestLink, withdrawRequest } from '../../services/link-requests';
import { medicProfile, updateMedicProfile } from '../../services/medic-profile';
import { unlinkPatient } from '../../services/patient-links';
import { listLinkedPatients, searchDoctors, searchPatients } from '../../services/patient-queries';
import { loadPatientRecord } from '../../services/patient-record';
import { AppError } from '../../errors';
import { linkedPatientProcedure, medicReadProcedure } from '../patient-scoped';
import { medicProcedure, router, userProcedure } from '../trpc';
import { audit } from '../audit';

export const medicsRouter = router({
  myPatients: medicProcedure.query(({ ctx }) => {
    const patients = listLinkedPatients(ctx.deps.db, ctx.actor.medicId);
    audit(ctx, {
      action: 'patients.list',
      outcome: 'success',
      detail: `${patients.length} patients`,
    });
    return { patients };
  }),

  searchPatients: medicProcedure.input(searchInput).query(({ ctx, input }) => {
    const query = input.q.trim();
    // An empty query is no search: nothing is read, so nothing is audited.
    if (!query) return [];
    const results = searchPatients(ctx.deps.db, ctx.actor.medicId, query);
    audit(ctx, {
      action: 'patients.search',
      outcome: 'success',
      detail: `${results.length} results`,
    });
    return results;
  }),

  /** Asks the patient: the record opens once they accept (API.md: 202 with the request). */
  linkPatient: medicProcedure
    .input(linkPatientInput)
    .mutation(({ ctx, input }) =>
      requestLink(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.medicId, input.patientEmail, ctx.deps.now()),
    ),

  linkRequests: medicProcedure.query(({ ctx }) => ({ requests: listMedicRequests(ctx.deps.db, ctx.actor.medicId) })),

  withdrawLinkRequest: medicProcedure.input(requestIdInput).mutation(({ ctx, input }) => {
    withdrawRequest(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.medicId, input.idRequest);
    return null;
  }),

  emergencyAccess: medicProcedure.input(emergencyAccessInput).mutation(({ ctx, input }) =>
    startEmergencyAccess(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.medicId, input, {
      now: ctx.deps.now(),
      hours: ctx.deps.config.emergencyAccessHours,
    }),
  ),

  unlinkPatient: medicProcedure.input(patientIdInput).mutation(({ ctx, input }) => {
    unlinkPatient(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.medicId, input.idPatient);
    return null;
  }),

  patientDetail: medicReadProcedure.query(({ ctx, input }) => {
    const record = loadPatientRecord(ctx.deps.db, input.idPatient);
    if (!record) throw new AppError('PATIENT_NOT_FOUND');
    audit(ctx, {
      action: 'patient.detail',
      outcome: 'success',
      patientId: input.idPatient,
    });
    const { access } = ctx;
    // Under emergency access the client shows the banner with its end and offers no edits.
    const emergencyAccess = access.kind === 'emergency' ? { idAccess: access.idAccess, reason: access.reason, expiresAt: access.expiresAt } : null;
    return { ...record, emergencyAccess };
  }),

  deleteFile: linkedPatientProcedure
    .input(z.object({ fileId: idSchema }))
    .mutation(async ({ ctx, input }) => {
      await deleteDocument(ctx.deps.db, ctx.deps.blobs, input.idPatient, input.fileId);
      audit(ctx, {
        action: 'files.delete',
        outcome: 'success',
        patientId: input.idPatient,
        detail: `file ${input.fileId}`,
      });
      return null;
    }),

  me: medicProcedure.query(({ ctx }) => medicProfile(ctx.deps.db, ctx.actor.medicId)),

  updateMe: medicProcedure
    .input(medicProfileInput)
    .mutation(({ ctx, input }) => updateMedicProfile(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor, input)),

  searchDoctors: userProcedure.input(searchInput).query(({ ctx, input }) => {
    const query = input.q.trim();
    return query ? searchDoctors(ctx.deps.db, query) : [];
  }),
});
