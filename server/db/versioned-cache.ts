// Answers kept in memory per connection while the version the database gives them is unchanged:
// a record's lists (patients.record_version), a medic's patient-list pages
// (medic_patient_counts.list_version), and the callers and access decisions of requests
// (access_version: auth/actor-cache.ts, services/access-cache.ts). Triggers replace a version with
// a random value in the same transaction as any change to what it covers, so an entry read at the
// current version is exactly what the database holds. Per connection, because a version is read
// inside that connection's transaction. The least recently used entry goes first once `capacity`
// is reached.
import type { DbOrTx } from './client';
import { preparedPerConnection } from './prepared';

export interface VersionedCache<Key, Value> {
  /** The value of `key` at `version`: from memory when kept at that version, else `load`ed and kept. */
  at(db: DbOrTx, key: Key, version: number, load: () => Value): Value;
  /** The value of `key` at `version` if it is kept (then it is the most recently used), else undefined. */
  kept(db: DbOrTx, key: Key, version: number): Value | undefined;
}

export function versionedCache<Key, Value>(capacity: number): VersionedCache<Key, Value> {
  // Insertion order is use order (a hit is moved to the end), so the first key is the least recent.
  const entriesOf = preparedPerConnection(() => new Map<Key, { version: number; value: Value }>());
  return {
    at(db, key, version, load) {
      const entries = entriesOf(db);
      const kept = entries.get(key);
      entries.delete(key);
      if (kept?.version === version) {
        entries.set(key, kept);
        return kept.value;
      }
      const value = load();
      entries.set(key, { version, value });
      if (entries.size > capacity) entries.delete(entries.keys().next().value!);
      return value;
    },
    kept(db, key, version) {
      const entries = entriesOf(db);
      const kept = entries.get(key);
      if (kept?.version !== version) return undefined;
      entries.delete(key);
      entries.set(key, kept);
      return kept.value;
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

/** The value of `key` at `version`, read; kept (as `keep` makes it) only from its second request on, or from the first when `always`. */
export type KeptFromSecondRequest<Key, Value> = (db: DbOrTx, key: Key, version: number, read: () => Value, always?: boolean) => Value;

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
  const asked = askedBefore<Key>(4 * capacity);
  return (db, key, version, read, always = false) =>
    cache.kept(db, key, version) ?? (always || asked(key) ? cache.at(db, key, version, () => keep(read())) : read());
}

/** Freezes `value` and everything in it: a kept value is shared by every reader. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
