// What every signed-in user may know about the practice itself: its name, which printed summaries
// carry in their header (PRACTICE_NAME; null when unset, and the client shows the app's name), and
// how many minutes a browser may be left alone before it signs out (IDLE_MINUTES).
import { DEFAULT_IDLE_MINUTES } from '../../../shared/constants';
import { router, userProcedure } from '../trpc';

export const practiceRouter = router({
  info: userProcedure.query(({ ctx }) => ({
    name: ctx.deps.config.practiceName ?? null,
    idleMinutes: ctx.deps.config.idleMinutes ?? DEFAULT_IDLE_MINUTES,
  })),
});
