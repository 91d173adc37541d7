// The patient detail exactly as the server's router returns it, so no hand-written twin can drift.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';

export type PatientDetail = inferRouterOutputs<AppRouter>['medics']['patientDetail'];
export type DetailPatient = PatientDetail['patient'];
