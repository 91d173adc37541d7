// Patient records: creation by a medic, the medic's list, one patient by id, editing, the patient's
// own side, and the sub-record collections. Each procedure hands its service the caller.
import { z } from 'zod';
import { idSchema, pageNumber } from '../../../shared/fields';
import { createPatientInput, linkDoctorInput, requestIdInput } from '../../../shared/patients';
import { patientUpdateInput } from '../../../shared/patient-update';
import { recordPageInput } from '../../../shared/record-pages';
import { acceptRequest, declineRequest } from '../../services/link-requests';
import { exportOwnFhir, exportPatientFhir } from '../../services/fhir-export';
import { createPatient } from '../../services/patient-creation';
import { listMyPatientRecords, readPatient } from '../../services/patient-queries';
import { accessLogOf, linkDoctorByEmail, readOwnRecord, unlinkDoctor } from '../../services/patient-self';
import { updatePatientRecord } from '../../services/patient-update';
import { readOwnRecordPage } from '../../services/record-pages';
import { allergiesDef, contactsDef, familyHistoryDef, labsDef, pathologicalRecordsDef, vaccinesDef, vitalsDef } from '../../services/record-collections';
import { callerOf } from '../caller';
import { linkedPatientProcedure, patientReadProcedure } from '../patient-scoped';
import { medicProcedure, patientProcedure, router } from '../trpc';
import { collectionRouter } from './record-items';

export const patientsRouter = router({
  create: medicProcedure.input(createPatientInput).mutation(async ({ ctx, input }) => await createPatient(callerOf(ctx), input)),

  list: medicProcedure.query(async ({ ctx }) => await listMyPatientRecords(callerOf(ctx))),

  byId: patientReadProcedure.query(async ({ ctx, input }) => await readPatient(callerOf(ctx), input.idPatient)),

  update: linkedPatientProcedure.input(patientUpdateInput).mutation(async ({ ctx, input }) => {
    const { idPatient, ...changes } = input;
    return await updatePatientRecord(callerOf(ctx), idPatient, changes);
  }),

  me: patientProcedure.query(async ({ ctx }) => await readOwnRecord(callerOf(ctx))),

  // The rest of the patient's own long lists, page by page (API.md "Long histories").
  myHistory: patientProcedure.input(recordPageInput).query(async ({ ctx, input }) => await readOwnRecordPage(callerOf(ctx), 'history', input)),
  myVitals: patientProcedure.input(recordPageInput).query(async ({ ctx, input }) => await readOwnRecordPage(callerOf(ctx), 'vitals', input)),
  myLabs: patientProcedure.input(recordPageInput).query(async ({ ctx, input }) => await readOwnRecordPage(callerOf(ctx), 'labs', input)),

  // The FHIR export follows the record read's rule (byId): the patient themself, a linked medic, or a
  // medic under emergency access (a read); anyone else is told there is no such patient.
  fhirExport: patientReadProcedure.query(async ({ ctx, input }) => await exportPatientFhir(callerOf(ctx), input.idPatient)),
  myFhir: patientProcedure.query(async ({ ctx }) => await exportOwnFhir(callerOf(ctx))),

  linkDoctor: patientProcedure.input(linkDoctorInput).mutation(async ({ ctx, input }) => await linkDoctorByEmail(callerOf(ctx), input.doctorEmail)),

  unlinkDoctor: patientProcedure.input(z.object({ idMedic: idSchema })).mutation(async ({ ctx, input }) => {
    await unlinkDoctor(callerOf(ctx), input.idMedic);
    return null;
  }),

  acceptLinkRequest: patientProcedure
    .input(requestIdInput)
    .mutation(async ({ ctx, input }) => await acceptRequest(callerOf(ctx), input.idRequest)),

  declineLinkRequest: patientProcedure.input(requestIdInput).mutation(async ({ ctx, input }) => {
    await declineRequest(callerOf(ctx), input.idRequest);
    return null;
  }),

  accessLog: patientProcedure
    .input(z.object({ page: pageNumber.default(1) }).default({ page: 1 }))
    .query(async ({ ctx, input }) => await accessLogOf(callerOf(ctx), input.page)),

  allergies: collectionRouter(allergiesDef),
  pathologicalRecords: collectionRouter(pathologicalRecordsDef),
  vitals: collectionRouter(vitalsDef),
  labs: collectionRouter(labsDef),
  vaccines: collectionRouter(vaccinesDef),
  contacts: collectionRouter(contactsDef),
  familyHistory: collectionRouter(familyHistoryDef),
});
