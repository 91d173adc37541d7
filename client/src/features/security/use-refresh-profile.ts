// After a second factor is added or removed, the signed-in user's `twoFactor` has changed on the
// server: the profile is asked again, and ProtectedRoute copies the answer into the stored session.
import { trpc } from '../../lib/trpc';

export function useRefreshProfile(): () => void {
  const utils = trpc.useUtils();
  return () => void utils.auth.profile.invalidate();
}
