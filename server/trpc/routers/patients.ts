// Patient records: creation by a medic, the medic's list, one patient by id, editing, and
// the sub-record collections.
import { createPatientInput } from '../../../shared/patients';
import { patientUpdateInput } from '../../../shared/patient-update';
import { AppError, isUniqueViolation } from '../../errors';
import { auditActorOf } from '../../services/access';
import { createPatient } from '../../services/patient-creation';
import { findPatient, listLinkedPatientRecords } from '../../services/patient-queries';
import { updatePatient } from '../../services/patient-update';
import {
  allergiesDef,
  contactsDef,
  labsDef,
  pathologicalRecordsDef,
  vaccinesDef,
  vitalsDef,
} from '../../services/record-collections';
import { linkedPatientProcedure, patientReadProcedure } from '../patient-scoped';
import { medicProcedure, patientProcedure, router } from '../trpc';
import { z } from 'zod';
import { idSchema, pageNumber } from '../../../shared/fields';
import { linkDoctorInput, requestIdInput } from '../../../shared/patients';
import { acceptRequest, declineRequest } from '../../services/link-requests';
import { accessLog, linkDoctorByEmail, loadPatientSelf, unlinkDoctor } from '../../services/patient-self';
import { collectionRouter } from './record-items';
import { audit } from '../audit';


export const patientsRouter = router({
  create: medicProcedure
    .input(createPatientInput)
    .mutation(({ ctx, input }) => createPatient(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.medicId, input)),

  list: medicProcedure.query(({ ctx }) => {
    const patients = listLinkedPatientRecords(ctx.deps.db, ctx.actor.medicId);
    audit(ctx, {
      action: 'patients.list',
      outcome: 'success',
      detail: `${patients.length} patients`,
    });
    return patients;
  }),

  byId: patientReadProcedure.query(({ ctx, input }) => {
    const patient = findPatient(ctx.deps.db, input.idPatient);
    if (!patient) throw new AppError('PATIENT_NOT_FOUND');
    audit(ctx, {
      action: 'patient.read',
      outcome: 'success',
      patientId: input.idPatient,
    });
    return patient;
  }),

  update: linkedPatientProcedure.input(patientUpdateInput).mutation(({ ctx, input }) => {
    const { idPatient, ...changes } = input;
    try {
      return ctx.deps.db.transaction((tx) => {
        const patient = updatePatient(tx, idPatient, changes);
        audit(ctx, { action: 'patient.update', outcome: 'success', patientId: idPatient, detail: Object.keys(changes).join(',') }, tx);
        return patient;
      });
    } catch (error) {
      // Two edits racing to the same email: the unique index decides.
      if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
      throw error;
    }
  }),

  me: patientProcedure.query(({ ctx }) => {
    const self = loadPatientSelf(ctx.deps.db, ctx.actor.patientId);
    audit(ctx, { action: 'patient.self', outcome: 'success', patientId: ctx.actor.patientId });
    return self;
  }),

  linkDoctor: patientProcedure
    .input(linkDoctorInput)
    .mutation(({ ctx, input }) => linkDoctorByEmail(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.patientId, input.doctorEmail)),

  unlinkDoctor: patientProcedure
    .input(z.object({ idMedic: idSchema }))
    .mutation(({ ctx, input }) => {
      unlinkDoctor(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.patientId, input.idMedic);
      return null;
    }),

  acceptLinkRequest: patientProcedure
    .input(requestIdInput)
    .mutation(({ ctx, input }) => acceptRequest(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.patientId, input.idRequest)),

  declineLinkRequest: patientProcedure.input(requestIdInput).mutation(({ ctx, input }) => {
    declineRequest(ctx.deps.db, auditActorOf(ctx.actor, ctx.meta.ip), ctx.actor.patientId, input.idRequest, ctx.deps.now());
    return null;
  }),

  accessLog: patientProcedure
    .input(z.object({ page: pageNumber.default(1) }).default({ page: 1 }))
    .query(({ ctx, input }) => accessLog(ctx.deps.db, ctx.actor.patientId, ctx.actor.userId, input.page)),

  allergies: collectionRouter(allergiesDef),
  pathologicalRecords: collectionRouter(pathologicalRecordsDef),
  vitals: collectionRouter(vitalsDef),
  labs: collectionRouter(labsDef),
  vaccines: collectionRouter(vaccinesDef),
  contacts: collectionRouter(contactsDef),
});
