// How many events a filter of the audit review selects, exactly, without counting millions of rows
// on every page. The trail is append-only (drizzle/0001 and 0014 refuse every update, delete and
// replacement) and its ids only grow (AUTOINCREMENT): the rows up to an id never change, so neither
// does how many of them a filter selects. The first count of a filter is taken in full and kept with
// the id it reached; every later one adds only the rows written since, walked by id.
// Tampering with the file (triggers dropped) can make a kept count stale; that is the chain's and
// the sealed head's to show (npm run audit:verify), not the count's.
import type Database from 'better-sqlite3';
import { engineNameOf, engineOf, type DbOrTx } from '../db/engine';
import { preparedText } from '../db/prepared';
import { rawGet } from '../db/raw-sql';
import { positional } from '../db/named-parameters';
import { sqliteConnectionOf } from './audit-connection';

export interface CountTerms {
  terms: string[];
  params: Record<string, string | number>;
}

/** What a filter selects among the rows up to `upTo` (the newest id when it was read): how many, and the lowest and highest id among them. */
export interface Selected {
  count: number;
  firstId: number | null;
  lastId: number | null;
  upTo: number;
}

/** Filters whose counts are kept, per connection: the newest ones asked for; an administrator pages through a few. */
const KEPT_FILTERS = 64;
// Keyed by the SQLite connection, or by the PostgreSQL engine (its pool: every server's connection sees the one trail).
const kept = new WeakMap<object, Map<string, Selected>>();
const keyOf = (key: string, ends: boolean) => (ends ? `${key} ends` : key);

const whereOf = (terms: string[]) => (terms.length ? `where ${terms.join(' and ')}` : '');

// One statement each, so that the newest id and what the filter selects up to it are one snapshot.
const NEWEST = 'coalesce((select max(id) from audit_events), 0) as upTo';

// The ends cost a comparison per row counted (a quarter of a second on two million): read only for a range.
function selectedOf(sqlite: Database.Database, { terms, params }: CountTerms, extra: string[], extraParams: Record<string, number>, ends: boolean): Selected {
  const endsSql = ends ? 'min(e.id) as firstId, max(e.id) as lastId' : 'null as firstId, null as lastId';
  return preparedText(sqlite, `select count(*) as count, ${endsSql}, ${NEWEST} from audit_events e ${whereOf([...terms, ...extra])}`)
    .get({ ...params, ...extraParams }) as Selected;
}

/** Every event: SQLite counts a whole table from its smallest index (with a `where` it would walk every row), and the table's ends. */
const everyEvent = (sqlite: Database.Database): Selected =>
  preparedText(sqlite, `select (select count(*) from audit_events) as count, (select min(id) from audit_events) as firstId, (select max(id) from audit_events) as lastId, ${NEWEST}`)
    .get() as Selected;

/** The rows counted since a kept count, added to it. */
const addedTo = (before: Selected, since: Selected): Selected => ({
  count: before.count + since.count,
  firstId: before.firstId ?? since.firstId,
  lastId: since.lastId ?? before.lastId,
  upTo: Math.max(since.upTo, before.upTo),
});

/** Keeps `selected` as the newest filter asked for on `owner`; the one asked for longest ago goes when too many are kept. */
function keep(counts: Map<string, Selected>, keptKey: string, selected: Selected): Selected {
  counts.delete(keptKey);
  counts.set(keptKey, selected);
  if (counts.size > KEPT_FILTERS) counts.delete(counts.keys().next().value!);
  return selected;
}

function countsOf(owner: object): Map<string, Selected> {
  let counts = kept.get(owner);
  if (!counts) kept.set(owner, (counts = new Map()));
  return counts;
}

/**
 * What `filter` selects now. `key` names the filter; `indexed` are its terms for a count in full
 * (each meets its index), `byId` the same terms kept off the range indexes, for the rows after a
 * kept count (services/audit-review.ts whereOf). `ends`: the lowest and highest id selected are wanted too
 * (null otherwise), for a range read by id between them.
 */
export function selectedBy(sqlite: Database.Database, key: string, indexed: CountTerms, byId: CountTerms, { ends = false } = {}): Selected {
  const counts = countsOf(sqlite);
  const keptKey = keyOf(key, ends);
  const before = counts.get(keptKey);
  let selected: Selected;
  if (before) selected = addedTo(before, selectedOf(sqlite, byId, ['e.id > @countedUpTo'], { countedUpTo: before.upTo }, ends));
  else selected = indexed.terms.length ? selectedOf(sqlite, indexed, [], {}, ends) : everyEvent(sqlite);
  return keep(counts, keptKey, selected);
}

// PostgreSQL: the same statements, their camelCase names quoted. A count(*) with a `where` there uses
// the filter's index as SQLite's does, so every event is counted the same way as a filter.
const NEWEST_POSTGRES = 'coalesce((select max(id) from audit_events), 0) as "upTo"';

function selectedOfPostgres(db: DbOrTx, { terms, params }: CountTerms, extra: string[], extraParams: Record<string, number>, ends: boolean): Promise<Selected> {
  const endsSql = ends ? 'min(e.id) as "firstId", max(e.id) as "lastId"' : 'null as "firstId", null as "lastId"';
  const statement = positional(`select count(*) as count, ${endsSql}, ${NEWEST_POSTGRES} from audit_events e ${whereOf([...terms, ...extra])}`, { ...params, ...extraParams });
  return rawGet<Selected>(db, statement.text, statement.args) as Promise<Selected>;
}

/**
 * selectedBy through the handle, on either engine: on SQLite it is selectedBy on the connection a
 * query of `db` goes to now; on PostgreSQL the same counts, kept per database.
 */
export async function selectedIn(db: DbOrTx, key: string, indexed: CountTerms, byId: CountTerms, { ends = false } = {}): Promise<Selected> {
  if (engineNameOf(db) === 'sqlite') return selectedBy(sqliteConnectionOf(db), key, indexed, byId, { ends });
  const counts = countsOf(engineOf(db));
  const keptKey = keyOf(key, ends);
  const before = counts.get(keptKey);
  const selected = before
    ? addedTo(before, await selectedOfPostgres(db, byId, ['e.id > @countedUpTo'], { countedUpTo: before.upTo }, ends))
    : await selectedOfPostgres(db, indexed, [], {}, ends);
  return keep(counts, keptKey, selected);
}
