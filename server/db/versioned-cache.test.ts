// What the kept answers rely on: a value is served while its version holds, and a full cache lets go
// of what was not used lately, never of what was.
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { keptFromSecondRequest, versionedCache } from './versioned-cache';
import { engineOf } from './engine';

const db = openDatabase(':memory:');
afterAll(() => engineOf(db).close());

/** A loader that says how often it ran. */
function counted<Value>(value: Value) {
  const load = () => {
    load.runs += 1;
    return value;
  };
  load.runs = 0;
  return load;
}

describe('a versioned cache', () => {
  it('serves a value while its version holds, and loads it again at a new version', async () => {
    const cache = versionedCache<string, string>(4);
    const load = counted('record');
    expect(await cache.at(db, 'a', 1, load)).toBe('record');
    expect(await cache.at(db, 'a', 1, load)).toBe('record');
    expect(cache.kept(db, 'a', 1)).toBe('record');
    expect(load.runs).toBe(1);
    expect(cache.kept(db, 'a', 2)).toBeUndefined();
    await cache.at(db, 'a', 2, load);
    expect(load.runs).toBe(2);
  });

  it('when full, lets go of the entry not used for longest, not of one used since', async () => {
    const capacity = 8;
    const cache = versionedCache<number, number>(capacity);
    for (let key = 0; key < capacity; key += 1) await cache.at(db, key, 1, () => key);
    // Key 0 was placed first, then used: each new key pushes out the oldest unused one instead.
    expect(cache.kept(db, 0, 1)).toBe(0);
    for (let key = capacity; key < capacity + capacity / 2; key += 1) await cache.at(db, key, 1, () => key);
    expect(cache.kept(db, 0, 1)).toBe(0);
    for (let key = 1; key <= capacity / 2; key += 1) expect(cache.kept(db, key, 1), `key ${key}`).toBeUndefined();
    for (let key = capacity / 2 + 1; key < capacity + capacity / 2; key += 1) expect(cache.kept(db, key, 1), `key ${key}`).toBe(key);
  });

  it('reads again a value kept at the same version that no longer holds (one the clock has made stale)', async () => {
    const cache = versionedCache<string, { until: number }>(4);
    const load = counted({ until: 10 });
    let now = 5;
    const holds = (value: { until: number }) => now < value.until;
    await cache.at(db, 'card', 1, load, holds);
    expect(await cache.at(db, 'card', 1, load, holds)).toEqual({ until: 10 });
    expect(load.runs).toBe(1);
    now = 10;
    expect(cache.kept(db, 'card', 1, holds)).toBeUndefined();
    await cache.at(db, 'card', 1, counted({ until: 20 }), holds);
    expect(cache.kept(db, 'card', 1, holds)).toEqual({ until: 20 });
  });

  it('keeps every entry used in turn while they fit, however often they are used', async () => {
    const cache = versionedCache<number, number>(100);
    const loads = counted(0);
    for (let round = 0; round < 50; round += 1) for (let key = 0; key < 100; key += 1) await cache.at(db, key, 1, loads);
    expect(loads.runs).toBe(100);
  });
});

describe('a page kept from its second request', () => {
  it('is read but not kept the first time, kept the second, and kept at once when asked always', async () => {
    const pages = keptFromSecondRequest<string, { rows: number[] }>(4, (page) => Object.freeze(page));
    const read = counted({ rows: [1, 2] });
    await pages(db, 'filter', 1, read);
    await pages(db, 'filter', 1, read);
    await pages(db, 'filter', 1, read);
    expect(read.runs).toBe(2);
    const whole = counted({ rows: [3] });
    await pages(db, 'whole list', 1, whole, true);
    await pages(db, 'whole list', 1, whole, true);
    expect(whole.runs).toBe(1);
  });

  it('is read again once the kept page no longer holds, and kept again from its next request', async () => {
    let now = 0;
    const holds = (page: { until: number }) => now < page.until;
    const pages = keptFromSecondRequest<string, { until: number }>(4, (page) => page);
    const read = counted({ until: 1 });
    await pages(db, 'whole list', 1, read, true, holds);
    await pages(db, 'whole list', 1, read, true, holds);
    expect(read.runs).toBe(1);
    now = 1;
    const later = counted({ until: 2 });
    expect(await pages(db, 'whole list', 1, later, true, holds)).toEqual({ until: 2 });
    await pages(db, 'whole list', 1, later, true, holds);
    expect(later.runs).toBe(1);
  });

  it('is not kept when asked again only after more other pages than the cache holds', async () => {
    const capacity = 4;
    const pages = keptFromSecondRequest<string, string>(capacity, (page) => page);
    const read = counted('page');
    await pages(db, 'filter', 1, read);
    for (let other = 0; other <= capacity; other += 1) await pages(db, `other ${other}`, 1, () => 'other');
    // Forgotten: asked again, it counts as a first request; right after, it is kept.
    await pages(db, 'filter', 1, read);
    await pages(db, 'filter', 1, read);
    await pages(db, 'filter', 1, read);
    expect(read.runs).toBe(3);
  });
});
