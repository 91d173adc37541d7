// A change the patient makes from the dashboard (a doctor linked or unlinked, a request answered):
// a toast either way, a failure with the server's reason, and the dashboard reloaded after both —
// a failure may come from a change made elsewhere meanwhile.
import { useToastedMutation } from '../../components/use-toasted-mutation';
import { trpc } from '../../lib/trpc';

export function useDashboardChange<Variables>(
  mutationFn: (variables: Variables) => Promise<unknown>,
  success: (variables: Variables) => string | readonly [string, string],
  failureTitle: () => string,
) {
  const utils = trpc.useUtils();
  return useToastedMutation({
    mutationFn,
    success: (_, variables) => success(variables),
    failure: { title: failureTitle, networkKey: 'dashboard:errors.network' },
    reload: () => utils.patients.me.invalidate(),
    reloadOnFailure: true,
  });
}
