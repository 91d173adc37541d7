// Patient records and the patient's own dashboard (filled by the record and dashboard issues).
import { router } from '../trpc';

export const patientsRouter = router({});
