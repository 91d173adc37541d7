// The signed-in medic's own id (medics.me): the session knows the user, not the medic, and only a
// prescription's author may void it. Asked only when something on screen depends on it; `pending`
// while it is being asked, so that a dialog that depends on it opens once, as the right one.
import { trpc } from '../../lib/trpc';

export function useCurrentMedicId(needed: boolean): { idMedic: number | null; pending: boolean } {
  const me = trpc.medics.me.useQuery(undefined, { enabled: needed });
  return { idMedic: me.data?.idMedic ?? null, pending: me.isLoading };
}
