import { createCallerFactory, router } from './trpc';
import { adminRouter } from './routers/admin';
import { authRouter } from './routers/auth';
import { catalogRouter } from './routers/catalog';
import { clinicalHistoryRouter } from './routers/clinical-history';
import { medicsRouter } from './routers/medics';
import { patientsRouter } from './routers/patients';
import { practiceRouter } from './routers/practice';

export const appRouter = router({
  auth: authRouter,
  admin: adminRouter,
  medics: medicsRouter,
  patients: patientsRouter,
  clinicalHistory: clinicalHistoryRouter,
  practice: practiceRouter,
  catalog: catalogRouter,
});

export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
