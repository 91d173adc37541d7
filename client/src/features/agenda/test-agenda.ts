// Shared by the agenda's tests: appointments as the server sends them, and the agenda page rendered
// through the whole app against the fake tRPC server, which answers medics.agenda for the range
// asked the way the server does (the days from..to, in the order given).
import type { AgendaItem } from '../../../../shared/agenda';
import type { PatientSearchResult } from '../../../../shared/patients';
// Loaded up front: the app imports the page lazily, and transforming it inside the first test of a
// busy run can outlast testing-library's wait.
import '../../pages/agenda';
import { fakeTrpcServer, ok } from '../../test/fake-trpc-server';
import { medicUser, renderApp, sessionFor } from '../../test/render-app';

/** Monday 15 June 2026, 08:00 in the test's time zone: "today" in these tests. */
export const NOW = new Date(2026, 5, 15, 8, 0);
export const TODAY = '2026-06-15';

export function agendaItem(overrides: Partial<AgendaItem> & Pick<AgendaItem, 'idHistory' | 'date'>): AgendaItem {
  return {
    idPatient: 11,
    patient: { name: 'Lucía', lname: 'Hernández', birthDate: '1991-09-03' },
    start: overrides.date.slice(11, 16),
    end: null,
    motive: 'Control',
    closed: false,
    ...overrides,
  };
}

export const searchResult = (overrides: Partial<PatientSearchResult> & Pick<PatientSearchResult, 'idPatient' | 'name' | 'lname'>): PatientSearchResult => ({
  email: `${overrides.name.toLowerCase()}@example.com`,
  phone: null,
  linked: true,
  ...overrides,
});

type Handlers = Parameters<typeof fakeTrpcServer>[0];

export function renderAgenda({ appointments = [], handlers = {}, language = 'en' }: { appointments?: AgendaItem[]; handlers?: Handlers; language?: 'es' | 'en' } = {}) {
  const server = fakeTrpcServer({
    'auth.profile': () => ok({ user: medicUser }),
    'medics.agenda': (input) => {
      const { from, to } = input as { from: string; to: string };
      return ok({ appointments: appointments.filter((item) => item.date.slice(0, 10) >= from && item.date.slice(0, 10) <= to) });
    },
    ...handlers,
  });
  const app = renderApp({ path: '/agenda', session: sessionFor(medicUser), language });
  return { server, app };
}
