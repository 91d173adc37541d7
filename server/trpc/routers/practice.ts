// What every signed-in user may know about the practice itself: for now its name, which printed
// summaries carry in their header (PRACTICE_NAME; null when unset, and the client shows the app's name).
import { router, userProcedure } from '../trpc';

export const practiceRouter = router({
  info: userProcedure.query(({ ctx }) => ({ name: ctx.deps.config.practiceName ?? null })),
});
