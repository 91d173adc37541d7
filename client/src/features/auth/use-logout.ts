// Sign out: tell the server to revoke the token, then forget everything about this user locally,
// cached medical data included, whatever the server answered.
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { trpc } from '../../lib/trpc';
import { clearSession } from '../../lib/session-storage';

export function useLogout(): { logout: () => Promise<void>; isPending: boolean } {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  // A 401 here only means the token was already gone: that is the outcome we want anyway.
  const mutation = trpc.auth.logout.useMutation({ meta: { handlesUnauthorized: true } });
  const logout = async () => {
    try {
      // Awaited: the request must leave with the token before the token is forgotten.
      await mutation.mutateAsync();
    } catch {
      // Offline or already revoked: signing out locally is still right.
    }
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
  return { logout, isPending: mutation.isPending };
}
