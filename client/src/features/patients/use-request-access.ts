// Asking a patient for access to their record (API.md "consent"): the server keeps the request
// until the patient answers, so success means "asked", not "linked". The medic's request list is
// the one source of truth for who has been asked; the answer is written into it at once so the
// search result says "Request sent" without waiting for the reload.
import { useState } from 'react';
import type { PatientSearchResult } from '../../../../shared/patients';
import { trpc } from '../../lib/trpc';

export function useRequestAccess() {
  const utils = trpc.useUtils();
  const requests = trpc.medics.linkRequests.useQuery();
  const [justRequested, setJustRequested] = useState<PatientSearchResult | null>(null);
  const mutation = trpc.medics.linkPatient.useMutation({
    onSuccess: ({ request }) => {
      utils.medics.linkRequests.setData(undefined, (old) => ({
        requests: [request, ...(old?.requests ?? []).filter((other) => other.idRequest !== request.idRequest)],
      }));
      void utils.medics.linkRequests.invalidate();
    },
  });

  const requested = new Set(
    (requests.data?.requests ?? []).filter((request) => request.status === 'pending').map((request) => request.patient.idPatient),
  );

  return {
    requested,
    justRequested,
    isPending: mutation.isPending,
    error: mutation.error,
    request: (patient: PatientSearchResult, onSent?: () => void) => {
      if (mutation.isPending) return;
      setJustRequested(null);
      mutation.mutate(
        { patientEmail: patient.email },
        {
          onSuccess: () => {
            setJustRequested(patient);
            onSent?.();
          },
        },
      );
    },
  };
}
