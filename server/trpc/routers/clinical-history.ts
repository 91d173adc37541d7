// Appointments (filled by the patient-record issue).
import { router } from '../trpc';

export const clinicalHistoryRouter = router({});
