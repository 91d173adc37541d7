// What every signed-in user may know about the practice itself: its name, which printed summaries
// carry in their header (the name the administrator saved, else PRACTICE_NAME; null when neither is
// set, and the client shows the app's name), how many minutes a browser may be left alone before it
// signs out (IDLE_MINUTES), and the practice's data that prescriptions print (details).
import { DEFAULT_IDLE_MINUTES } from '../../../shared/constants';
import { readPracticeSettings, storedPracticeName } from '../../services/practice-data';
import { router, userProcedure } from '../trpc';

export const practiceRouter = router({
  info: userProcedure.query(async ({ ctx }) => ({
    name: (await storedPracticeName(ctx.deps.db)) ?? (ctx.deps.config.practiceName || null),
    idleMinutes: ctx.deps.config.idleMinutes ?? DEFAULT_IDLE_MINUTES,
  })),

  /** GET /practice: no patient data, so not audited as a record read. */
  details: userProcedure.query(async ({ ctx }) => await readPracticeSettings(ctx.deps.db, ctx.deps.config.practiceName)),
});
