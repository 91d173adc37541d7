// The dashboard's data types, kept as a short import path for its files; they are derived from the
// router in lib/api-types.ts, the one place the client's API shapes come from.
export type { AccessLogEvent, AccessLogPage, Appointment, Doctor, LinkRequest, PatientSelf } from '../../lib/api-types';
