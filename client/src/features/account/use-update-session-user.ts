// After the server confirms a change to the signed-in user, both copies of that user follow it: the
// stored session (header, menu, route guards) and the cached auth.profile answer, which
// ProtectedRoute would otherwise copy back over the session, undoing the change.
import type { User } from '../../../../shared/auth';
import { updateSessionUser } from '../../lib/session-storage';
import { trpc } from '../../lib/trpc';

export function useUpdateSessionUser(): (changes: Partial<User>) => void {
  const utils = trpc.useUtils();
  return (changes) => {
    const session = updateSessionUser(changes);
    if (session) utils.auth.profile.setData(undefined, { user: session.user });
  };
}
