// The signed-in medic's own id (medics.me): the session knows the user, not the medic, and only a
// prescription's author may void it. Asked only when something on screen depends on it.
import { trpc } from '../../lib/trpc';

export function useCurrentMedicId(needed: boolean): number | null {
  const me = trpc.medics.me.useQuery(undefined, { enabled: needed });
  return me.data?.idMedic ?? null;
}
