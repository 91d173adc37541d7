// Answers kept in memory per database while the version the database gives them is unchanged:
// a record's lists (patients.record_version), a medic's patient-list pages
// (medic_patient_counts.list_version), and the callers and access decisions of requests
// (access_version: auth/actor-cache.ts, services/access-cache.ts). Triggers replace a version with
// a random value in the same transaction as any change to what it covers, so an entry read at the
// current version is exactly what the database holds. One cache per database, whichever connection
// answers: a version read inside a transaction that changed what it covers is a new random value,
// which nobody outside sees until it commits (and nobody ever, if it rolls back). Once `capacity` is
// reached the entry placed longest ago goes, and an entry used since the last capacity / 2
// placements is never that one (nearly LRU).
// A value that also depends on the time it was read at (a patient card's next appointment becomes
// its last one as the clock passes it, with no change to any version) is checked by the caller's
// `holds`: one that no longer holds is read again as if its version had changed.
import type { DbOrTx } from './client';
import { preparedPerConnection } from './prepared';

/** Whether a value kept at the current version still holds now; by default every one does. */
export type StillHolds<Value> = (value: Value) => boolean;

export interface VersionedCache<Key, Value> {
  /** The value of `key` at `version`: from memory when kept at that version (and it `holds`), else `load`ed and kept. */
  at(db: DbOrTx, key: Key, version: number, load: () => Promise<Value> | Value, holds?: StillHolds<Value>): Promise<Value>;
  /** The value of `key` at `version` if it is kept and `holds` (then it counts as used), else undefined. */
  kept(db: DbOrTx, key: Key, version: number, holds?: StillHolds<Value>): Value | undefined;
}

interface Entry<Value> {
  version: number;
  value: Value;
  /** The cache's count of insertions and moves when this entry was last put at the end. */
  placedAt: number;
}

export function versionedCache<Key, Value>(capacity: number): VersionedCache<Key, Value> {
  // Insertion order is use order, so the first key is the least recent. A hit moves its entry to the
  // end only when it is in the older half: that keeps it from being the next to go all the same, and
  // spares the delete-and-set of every hit, which on a large cache made the Map rehash its table
  // again and again (the card figures' 60,000 entries, 50 hits a filtered page: 16 MB of tables in
  // 6 s of a decade's new filters, promoted and collected by full, pausing collections).
  const stateOf = preparedPerConnection(() => ({ entries: new Map<Key, Entry<Value>>(), placements: 0 }));
  const place = (state: ReturnType<typeof stateOf>, key: Key, entry: Entry<Value>) => {
    state.entries.delete(key);
    entry.placedAt = ++state.placements;
    state.entries.set(key, entry);
  };
  const used = (state: ReturnType<typeof stateOf>, key: Key, entry: Entry<Value>) => {
    // At most capacity / 2 entries were placed after it: at least as many older ones go before it.
    if (state.placements - entry.placedAt > capacity / 2) place(state, key, entry);
    return entry.value;
  };
  const current = (kept: Entry<Value> | undefined, version: number, holds: StillHolds<Value> | undefined): kept is Entry<Value> =>
    kept?.version === version && (holds === undefined || holds(kept.value));
  return {
    async at(db, key, version, load, holds) {
      const state = stateOf(db);
      const kept = state.entries.get(key);
      if (current(kept, version, holds)) return used(state, key, kept);
      const value = await load();
      place(state, key, { version, value, placedAt: 0 });
      if (state.entries.size > capacity) state.entries.delete(state.entries.keys().next().value!);
      return value;
    },
    kept(db, key, version, holds) {
      const state = stateOf(db);
      const kept = state.entries.get(key);
      return current(kept, version, holds) ? used(state, key, kept) : undefined;
    },
  };
}

/**
 * Whether `key` was asked for lately, remembering it for next time: a value worth keeping is one asked
 * for twice. The keys of the last `capacity` first requests are remembered.
 */
function askedBefore<Key>(capacity: number): (key: Key) => boolean {
  const asked = new Set<Key>();
  return (key) => {
    if (asked.delete(key)) return true;
    asked.add(key);
    if (asked.size > capacity) asked.delete(asked.keys().next().value!);
    return false;
  };
}

/**
 * The value of `key` at `version`, read; kept (as `keep` makes it) only from its second request on, or
 * from the first when `always`; a kept one that no longer `holds` is read again.
 */
export type KeptFromSecondRequest<Key, Value> = (
  db: DbOrTx,
  key: Key,
  version: number,
  read: () => Promise<Value> | Value,
  always?: boolean,
  holds?: StillHolds<Value>,
) => Promise<Value>;

/**
 * A versioned cache for pages that a client may ask for once and never again (a filter typed once,
 * an audit filter tried): such a page kept would only push out pages read again, and every value kept
 * for a moment and then dropped is work for the garbage collector (a new filter each time on the
 * decade: 10 Mark-Compacts in 6 s, 7 of them pauses of 5–10 ms with every request in flight waiting;
 * kept from the second request, 5 and 3). The first request of a key is answered by `read` alone;
 * `keep` readies a value for sharing (freezes it, makes its JSON once) when it is kept.
 */
export function keptFromSecondRequest<Key, Value>(capacity: number, keep: (value: Value) => Value): KeptFromSecondRequest<Key, Value> {
  const cache = versionedCache<Key, Value>(capacity);
  // First requests are remembered as many as the cache holds pages: a key asked again only after more
  // other keys than that is one whose kept page the others would push out before it comes again.
  // Remembering four times as many kept each of the decade bench's 150 filters asked in turn, only to
  // drop it 100 pages later: promoted to the old generation, then collected by a full collection
  // every second (7 pauses of 5–13 ms in 6 s, the row's p99 at 18–27 ms). Remembering as many: 1.
  const asked = askedBefore<Key>(capacity);
  return async (db, key, version, read, always = false, holds) =>
    cache.kept(db, key, version, holds) ?? (always || asked(key) ? cache.at(db, key, version, async () => keep(await read()), holds) : read());
}

/** Freezes `value` and everything in it: a kept value is shared by every reader. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
