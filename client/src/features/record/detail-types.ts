// The patient detail's types, kept as a short import path for the record's files; they are derived
// from the router in lib/api-types.ts, the one place the client's API shapes come from.
export type { DetailPatient, PatientDetail } from '../../lib/api-types';
