// The dashboard's data types, read from the router so they never drift from the server.
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/router';

type Outputs = inferRouterOutputs<AppRouter>;

export type PatientSelf = Outputs['patients']['me'];
export type Doctor = PatientSelf['doctors'][number];
export type Appointment = PatientSelf['clinicalHistories'][number];
export type LinkRequest = PatientSelf['linkRequests'][number];
export type AccessLogPage = Outputs['patients']['accessLog'];
export type AccessLogEvent = AccessLogPage['events'][number];
