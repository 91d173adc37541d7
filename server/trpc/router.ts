import { createCallerFactory, router } from './trpc';
import { authRouter } from './routers/auth';
import { clinicalHistoryRouter } from './routers/clinical-history';
import { medicsRouter } from './routers/medics';
import { patientsRouter } from './routers/patients';

export const appRouter = router({
  auth: authRouter,
  medics: medicsRouter,
  patients: patientsRouter,
  clinicalHistory: clinicalHistoryRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
