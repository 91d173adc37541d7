// Every shape the client reads from the API, derived here, in one place, from the server's router,
// so no hand-written twin can drift from what the server sends. With lib/trpc.ts this is the only
// client file allowed to import from server/, and only the router's type (the lint rule on client/**).
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';

// Inputs need no twin here: the client builds them with the zod schemas in shared/.
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** A patient's own record and dashboard (patients.me). */
export type PatientSelf = RouterOutputs['patients']['me'];
export type Appointment = PatientSelf['clinicalHistories'][number];
export type LinkRequest = PatientSelf['linkRequests'][number];
export type AccessLogPage = RouterOutputs['patients']['accessLog'];
export type AccessLogEvent = AccessLogPage['events'][number];

/** The one doctor card: a medic's own profile (medics.me) and each of a patient's doctors have this shape. */
export type Doctor = RouterOutputs['medics']['me'];

/** One patient's record as their medic reads it (medics.patientDetail). */
export type PatientDetail = RouterOutputs['medics']['patientDetail'];
export type DetailPatient = PatientDetail['patient'];
/** An uploaded document, in a record and as the upload route answers it. */
export type RecordFile = PatientDetail['files'][number];
