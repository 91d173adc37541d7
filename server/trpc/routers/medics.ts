// The medic workspace: linked patients, search, link and unlink; and doctor search for everyone.
import { z } from 'zod';
import { linkPatientInput, patientIdInput, searchInput } from '../../../shared/patients';
import { deleteDocument } from '../../services/documents';
import { auditActorOf } from '../../services/access';
import { linkPatientByEmail, unlinkPatient } from '../../services/patient-links';
import { listLinkedPatients, searchDoctors, searchPatients } from '../../services/patient-queries';
import { loadPatientRecord } from '../../services/patient-record';
import { AppError } from '../../errors';
import { linkedPatientProcedure } from '../patient-scoped';
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
    const results = searchPatients(ctx.deps.db, query);
    audit(ctx, {
      action: 'patients.search',
      outcome: 'success',
      detail: `${results.length} results`,
    });
    return results;
  }),

  linkPatient: medicProcedure
    .input(linkPatientInput)
    .mutation(({ ctx, input }) =>
      linkPatientByEmail(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.medicId, input.patientEmail),
    ),

  unlinkPatient: medicProcedure.input(patientIdInput).mutation(({ ctx, input }) => {
    unlinkPatient(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.medicId, input.idPatient);
    return null;
  }),

  patientDetail: linkedPatientProcedure.query(({ ctx, input }) => {
    const record = loadPatientRecord(ctx.deps.db, input.idPatient);
    if (!record) throw new AppError('PATIENT_NOT_FOUND');
    audit(ctx, {
      action: 'patient.detail',
      outcome: 'success',
      patientId: input.idPatient,
    });
    return record;
  }),

  deleteFile: linkedPatientProcedure
    .input(z.object({ fileId: z.coerce.number({ error: 'validation.numberInvalid' }).int().positive() }))
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

  searchDoctors: userProcedure.input(searchInput).query(({ ctx, input }) => {
    const query = input.q.trim();
    return query ? searchDoctors(ctx.deps.db, query) : [];
  }),
});
