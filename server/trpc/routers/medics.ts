// The medic workspace: linked patients, search, link requests, emergency access, unlink, the
// medic's own profile; and doctor search for everyone. Each procedure hands its service the caller.
import { z } from 'zod';
import { agendaInput } from '../../../shared/agenda';
import { idSchema } from '../../../shared/fields';
import { recordPageInput } from '../../../shared/record-pages';
import {
  emergencyAccessInput,
  linkPatientInput,
  medicProfileInput,
  patientIdInput,
  patientPageInput,
  requestIdInput,
  searchInput,
} from '../../../shared/patients';
import { readAgenda } from '../../services/agenda';
import { suggestDrugs } from '../../services/drug-suggestions';
import { removeDocument } from '../../services/documents';
import { startEmergencyAccess } from '../../services/emergency-access';
import { readMedicRequests, requestLink, withdrawRequest } from '../../services/link-requests';
import { medicProfile, updateMedicProfile } from '../../services/medic-profile';
import { unlinkPatient } from '../../services/patient-links';
import { readPatientPage } from '../../services/patient-page';
import { listMyPatients, searchDoctors, searchForPatients } from '../../services/patient-queries';
import { readPatientDetail } from '../../services/patient-record';
import { readRecordPage } from '../../services/record-pages';
import { callerOf } from '../caller';
import { linkedPatientProcedure, medicReadProcedure } from '../patient-scoped';
import { medicProcedure, router, userProcedure } from '../trpc';

export const medicsRouter = router({
  /** The whole list, or one page of it when a page is asked for (REST's GET /medics/my-patients?limit=). */
  myPatients: medicProcedure
    .input(patientPageInput.optional())
    .query(async ({ ctx, input }) => (input ? await readPatientPage(callerOf(ctx), input) : { patients: await listMyPatients(callerOf(ctx)) })),

  /** One page, for clients that always page (the medic home's infinite list). */
  patientPage: medicProcedure.input(patientPageInput).query(async ({ ctx, input }) => await readPatientPage(callerOf(ctx), input)),

  searchPatients: medicProcedure.input(searchInput).query(async ({ ctx, input }) => await searchForPatients(callerOf(ctx), input.q)),

  /** The caller's appointments with linked patients over a range of days (API.md "The clinical day"). */
  agenda: medicProcedure.input(agendaInput).query(async ({ ctx, input }) => await readAgenda(callerOf(ctx), input)),

  /** Asks the patient: the record opens once they accept (API.md: 202 with the request). */
  linkPatient: medicProcedure.input(linkPatientInput).mutation(async ({ ctx, input }) => await requestLink(callerOf(ctx), input.patientEmail)),

  linkRequests: medicProcedure.query(async ({ ctx }) => ({ requests: await readMedicRequests(callerOf(ctx)) })),

  withdrawLinkRequest: medicProcedure.input(requestIdInput).mutation(async ({ ctx, input }) => {
    await withdrawRequest(callerOf(ctx), input.idRequest);
    return null;
  }),

  emergencyAccess: medicProcedure
    .input(emergencyAccessInput)
    .mutation(async ({ ctx, input }) => await startEmergencyAccess(callerOf(ctx), input, ctx.deps.config.emergencyAccessHours)),

  unlinkPatient: medicProcedure.input(patientIdInput).mutation(async ({ ctx, input }) => {
    await unlinkPatient(callerOf(ctx), input.idPatient);
    return null;
  }),

  patientDetail: medicReadProcedure.query(async ({ ctx, input }) => await readPatientDetail(callerOf(ctx), input.idPatient)),

  // The rest of the record's long lists, page by page after the record's first (API.md "Long
  // histories"); named after the detail, since each is a read of it.
  patientDetailHistory: medicReadProcedure.input(recordPageInput).query(async ({ ctx, input }) => await readRecordPage(callerOf(ctx), 'history', input.idPatient, input)),
  patientDetailVitals: medicReadProcedure.input(recordPageInput).query(async ({ ctx, input }) => await readRecordPage(callerOf(ctx), 'vitals', input.idPatient, input)),
  patientDetailLabs: medicReadProcedure.input(recordPageInput).query(async ({ ctx, input }) => await readRecordPage(callerOf(ctx), 'labs', input.idPatient, input)),

  deleteFile: linkedPatientProcedure.input(z.object({ fileId: idSchema })).mutation(async ({ ctx, input }) => {
    await removeDocument({ ...callerOf(ctx), blobs: ctx.deps.blobs }, { patientId: input.idPatient, fileId: input.fileId });
    return null;
  }),

  me: medicProcedure.query(async ({ ctx }) => await medicProfile(ctx.deps.db, ctx.actor.medicId)),

  updateMe: medicProcedure.input(medicProfileInput).mutation(async ({ ctx, input }) => await updateMedicProfile(callerOf(ctx), input)),

  /** Drugs the practice prescribed before, for the prescribing form (services/drug-suggestions.ts). */
  prescribedDrugs: medicProcedure.input(searchInput).query(async ({ ctx, input }) => await suggestDrugs(ctx.deps.db, input.q)),

  searchDoctors: userProcedure.input(searchInput).query(async ({ ctx, input }) => {
    const query = input.q.trim();
    return query ? await searchDoctors(ctx.deps.db, query) : [];
  }),
});
