// How many events a filter of the audit review selects, exactly, without counting millions of rows
// on every page. The trail is append-only (drizzle/0001 and 0014 refuse every update, delete and
// replacement) and its ids only grow (AUTOINCREMENT): the rows up to an id never change, so neither
// does how many of them a filter selects. The first count of a filter is taken in full and kept with
// the id it reached; every later one adds only the rows written since, walked by id.
// Tampering with the file (triggers dropped) can make a kept count stale; that is the chain's and
// the sealed head's to show (npm run audit:verify), not the count's.
import type Database from 'better-sqlite3';
import { preparedText } from '../db/prepared';

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
const kept = new WeakMap<Database.Database, Map<string, Selected>>();
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

/**
 * What `filter` selects now. `key` names the filter; `indexed` are its terms for a count in full
 * (each meets its index), `byId` the same terms kept off the range indexes, for the rows after a
 * kept count (services/audit-review.ts whereOf). `ends`: the lowest and highest id selected are wanted too
 * (null otherwise), for a range read by id between them.
 */
export function selectedBy(sqlite: Database.Database, key: string, indexed: CountTerms, byId: CountTerms, { ends = false } = {}): Selected {
  let counts = kept.get(sqlite);
  if (!counts) kept.set(sqlite, (counts = new Map()));
  const keptKey = keyOf(key, ends);
  const before = counts.get(keptKey);
  let selected: Selected;
  if (before) {
    const since = selectedOf(sqlite, byId, ['e.id > @countedUpTo'], { countedUpTo: before.upTo }, ends);
    selected = { count: before.count + since.count, firstId: before.firstId ?? since.firstId, lastId: since.lastId ?? before.lastId, upTo: Math.max(since.upTo, before.upTo) };
  } else {
    selected = indexed.terms.length ? selectedOf(sqlite, indexed, [], {}, ends) : everyEvent(sqlite);
  }
  // The newest filter asked for goes last; the one asked for longest ago goes first when too many are kept.
  counts.delete(keptKey);
  counts.set(keptKey, selected);
  if (counts.size > KEPT_FILTERS) counts.delete(counts.keys().next().value!);
  return selected;
}
