// The administrator's pages of the trail at scale: the total kept per filter and brought
// up to date with the rows since, ranges read by id between their ends, pages past the middle read
// from the oldest end, and the keyset cursor: every page the same events, in the same order, as
// the plain statement (every row that matches, newest first, sliced) gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, type AuditFilter } from '../../shared/admin';
import { addDays } from '../../shared/agenda';
import { openDatabase, type Db } from '../db/client';
import { sqliteEngineOf } from '../db/engine';
import { registerAuditChain } from '../audit/audit-chain';
import { insertAuditEvents, type TestAuditEvent } from '../audit/audit-events.fixture';
import { auditEventsPage } from './audit-review';

let db: Db;
/** The SQLite connection the events are written on, and the reference read from. */
const sqlite = () => sqliteEngineOf(db).writer;
const ACTIONS = ['patient.detail', 'prescription.create', 'prescription.void', 'auth.login', 'agenda.read'];
const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 3_600_000 * 7).toISOString();

/** 600 events over about half a year, the clock going back now and then as a real one may. */
function events(from: number, n: number): TestAuditEvent[] {
  return Array.from({ length: n }, (_, i) => {
    const k = from + i;
    return { at: day(k % 97 === 0 ? k - 30 : k), action: ACTIONS[k % ACTIONS.length]!, patientId: (k % 7) + 1, actorUserId: (k % 3) + 1, actorType: 'medic', outcome: k % 11 === 0 ? 'denied' : 'success' };
  });
}

/** What the filter selects, newest first: every row read and filtered here, the reference. */
function expectedIds(filter: AuditFilter): number[] {
  const rows = sqlite().prepare('select id, at, action, patient_id as patientId, actor_user_id as idUser, outcome from audit_events order by id desc').all() as {
    id: number; at: string; action: string; patientId: number; idUser: number; outcome: string;
  }[];
  const startOf = (date: string) => new Date(`${date}T00:00:00`).toISOString();
  return rows
    .filter((row) => !filter.from || row.at >= startOf(filter.from))
    .filter((row) => !filter.to || row.at < startOf(addDays(filter.to, 1)))
    .filter((row) => filter.idPatient === undefined || row.patientId === filter.idPatient)
    .filter((row) => filter.idUser === undefined || row.idUser === filter.idUser)
    .filter((row) => !filter.action || (filter.action.endsWith('.') ? row.action.startsWith(filter.action) : row.action === filter.action))
    .filter((row) => !filter.outcome || row.outcome === filter.outcome)
    .map((row) => row.id);
}

const pageIds = async (filter: AuditFilter, page: number, cursor?: number) => (await auditEventsPage(db, filter, page, cursor)).events.map((event) => event.id);

beforeAll(async () => {
  db = openDatabase(':memory:');
  registerAuditChain(sqlite(), 'k'.repeat(64));
  await insertAuditEvents(sqlite(), events(0, 600));
});
afterAll(() => sqliteEngineOf(db).close());

const FILTERS: [string, AuditFilter][] = [
  ['nothing', {}],
  ['one patient', { idPatient: 3 }],
  ['one user', { idUser: 2 }],
  ['an action', { action: 'auth.login' }],
  ['a family of actions', { action: 'prescription.' }],
  ['a range of days', { from: '2024-01-20', to: '2024-02-10' }],
  ['a range of days and a user', { from: '2024-01-20', to: '2024-03-01', idUser: 1 }],
  ['an outcome and a family', { outcome: 'success', action: 'prescription.' }],
  ['nothing that matches', { idPatient: 99 }],
];

describe('a page of the audit review', () => {
  it.each(FILTERS)('filtered by %s: every page, the first, those past the middle and the last, is the slice the plain statement gives', async (_label, filter) => {
    const expected = expectedIds(filter);
    const pages = Math.max(1, Math.ceil(expected.length / AUDIT_PAGE_SIZE));
    expect((await auditEventsPage(db, filter, 1)).total).toBe(expected.length);
    for (let page = 1; page <= pages + 1; page += 1) {
      expect(await pageIds(filter, page)).toEqual(expected.slice((page - 1) * AUDIT_PAGE_SIZE, page * AUDIT_PAGE_SIZE));
    }
  });

  it.each(FILTERS)('filtered by %s: the keyset cursor walks the same events, page after page', async (_label, filter) => {
    const expected = expectedIds(filter);
    const walked: number[] = [];
    let cursor: number | undefined;
    for (let page = 1; ; page += 1) {
      const ids = await pageIds(filter, page, cursor);
      walked.push(...ids);
      if (ids.length < AUDIT_PAGE_SIZE) break;
      cursor = ids[ids.length - 1];
    }
    expect(walked).toEqual(expected);
  });

  it('keeps each total exact as events are written: the count kept is brought up to date with the rows since', async () => {
    const filters = FILTERS.map(([, filter]) => filter);
    for (const filter of filters) await auditEventsPage(db, filter, 1);
    await insertAuditEvents(sqlite(), events(600, 137));
    for (const filter of filters) {
      const expected = expectedIds(filter);
      const first = await auditEventsPage(db, filter, 1);
      expect(first.total).toBe(expected.length);
      expect(first.events.map((event) => event.id)).toEqual(expected.slice(0, AUDIT_PAGE_SIZE));
      const last = Math.max(1, Math.ceil(expected.length / AUDIT_PAGE_SIZE));
      expect(await pageIds(filter, last)).toEqual(expected.slice((last - 1) * AUDIT_PAGE_SIZE));
    }
  });
});
