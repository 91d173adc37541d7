// /dashboard/print: the patient's printable summary of their own record, from the dashboard's query.
// A medic has no record of their own: they are sent home.
import { useMemo } from 'react';
import { Redirect } from 'wouter';
import { useSession } from '../features/auth/use-session';
import { PrintView } from '../features/print/print-view';
import { printableRecord } from '../features/print/printable-record';
import { trpc } from '../lib/trpc';

export function PrintSelfPage() {
  const isPatient = useSession()?.user.type === 'patient';
  const me = trpc.patients.me.useQuery(undefined, { enabled: isPatient });
  const record = useMemo(() => me.data && printableRecord(me.data, me.data.clinicalHistories), [me.data]);
  if (!isPatient) return <Redirect to="/dashboard" replace />;
  return <PrintView record={record} failed={me.isError && !me.data} backHref="/dashboard" />;
}
