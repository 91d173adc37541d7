// The filter's index in memory finds exactly the patients matchesPatientQuery (shared/patients.ts)
// finds, counts each once, and pages through them in the list's order from any patient's cursor.
import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesPatientQuery } from '../../shared/patients';
import { PatientFilterIndex, type FilterRow } from './patient-filter-index';

const FIRST = ['Ana', 'ANA', 'Íñigo', 'José', 'Lucía', 'Zoë', 'Σοφία', 'ΟΔΥΣΣΕΑΣ', 'Łukasz', 'María José', 'Ångström', 'Ñoño', 'ana'];
const LAST = ['Ruiz', 'RUIZ', 'Álvarez', 'Alvarez', 'Muñoz', 'Pérez_Gil', 'Gómez 100%', 'de la Fuente', 'Çelik', 'Nguyễn', 'Παπαδόπουλος', 'anaana', 'Ana Ana'];

/** A seeded generator (mulberry32), so that a failure names the same practice on every run. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

function practice(count: number): FilterRow[] {
  const pick = random(7);
  const rows = Array.from({ length: count }, (_, index) => {
    const name = FIRST[pick(FIRST.length)]!;
    const lname = LAST[pick(LAST.length)]!;
    return {
      idPatient: 1_000 + index * 3,
      keyLname: lname,
      keyName: name,
      name,
      lname,
      email: `${['Ana', 'ruiz', 'x'][pick(3)]}.${index}@Clínica.Example`,
      phone: pick(4) === 0 ? null : `55 ${String(1_000_000 + index * 37)}`,
    };
  });
  // The list's order, as the database gives it (case-insensitive for ASCII, as NOCASE is).
  const key = (row: FilterRow) => [row.keyLname.toLowerCase(), row.keyName.toLowerCase()];
  return rows.sort((a, b) => {
    const [al, an] = key(a);
    const [bl, bn] = key(b);
    return al! < bl! ? -1 : al! > bl! ? 1 : an! < bn! ? -1 : an! > bn! ? 1 : a.idPatient - b.idPatient;
  });
}

const rows = practice(600);
const index = new PatientFilterIndex(rows);

/**
 * Runs of 1..6 code units of the patients' folded fields, and some that are in no field; as the
 * caller passes them, trimmed (matchesPatientQuery trims its query).
 */
function needles(): string[] {
  const found = new Set<string>(['zzz', 'ruizx', 'a\nb', 'z\u0000', 'qq', '%', '_gil', '100%', 'ana ana', 'a r', 'z @']);
  const pick = random(11);
  for (let take = 0; take < 1_500; take += 1) {
    const row = rows[pick(rows.length)]!;
    const fields = [`${row.name} ${row.lname}`, row.email, row.phone ?? ''].map(foldForSearch);
    const field = fields[pick(3)]!;
    const length = 1 + pick(6);
    const at = pick(Math.max(1, field.length - length + 1));
    if (field.length >= length) found.add(field.slice(at, at + length));
  }
  return [...found].filter((needle) => needle && needle === needle.trim());
}

const expected = (needle: string) => rows.flatMap((row, segment) => (matchesPatientQuery(row, needle) ? [segment] : []));

describe('the patient filter index', () => {
  it('finds the patients matchesPatientQuery finds, each once, in order, for needles of 1 to 6 code units', () => {
    const all = needles();
    expect(all.length).toBeGreaterThan(500);
    for (const needle of all) {
      const matches = index.query(needle, -1, rows.length);
      const wanted = needle.includes('\n') || needle.includes('\u0000') ? [] : expected(needle);
      expect(matches.segments, JSON.stringify(needle)).toEqual(wanted);
      expect(matches.total, JSON.stringify(needle)).toBe(wanted.length);
    }
  });

  it('finds a needle across the space of "name lname", in an email or a phone, and counts a patient with it twice once', () => {
    const count = (needle: string) => index.query(foldForSearch(needle), -1, 0).total;
    expect(count('ana ruiz')).toBe(expected('ana ruiz').length);
    expect(count('ana ruiz')).toBeGreaterThan(0);
    expect(count('@clínica.exa')).toBe(rows.length);
    expect(count('55 1')).toBe(rows.filter((row) => row.phone).length);
    // "Ana Ana" and "anaana" hold "ana" twice or more, and Ana.…@ once more: still one match each.
    expect(count('ana')).toBe(expected('ana').length);
    expect(count('ΣΣΕ')).toBe(expected('σσε').length);
    expect(count('σσε')).toBeGreaterThan(0);
  });

  it('finds nothing for a needle holding a line feed or a NUL, which only a match across fields could hold', () => {
    const withName = rows.find((row) => row.phone)!;
    const acrossFields = `${foldForSearch(withName.lname).slice(-2)}\n${foldForSearch(withName.email).slice(0, 2)}`;
    expect(index.query(acrossFields, -1, 10)).toEqual({ total: 0, segments: [] });
    expect(index.query('\n', -1, 10)).toEqual({ total: 0, segments: [] });
    expect(index.query('a\u0000', -1, 10)).toEqual({ total: 0, segments: [] });
  });

  it('pages from a cursor, giving every match exactly once in the list order, with the total on every page', () => {
    for (const needle of ['a', 'an', 'ana', 'ruiz', 'ana ru', '5', '@', 'zzz']) {
      const wanted = expected(needle);
      for (const take of [1, 7, 50]) {
        const seen: number[] = [];
        let after = index.segmentAfter(null)!;
        for (;;) {
          const page = index.query(needle, after, take + 1);
          expect(page.total).toBe(wanted.length);
          const shown = page.segments.slice(0, take);
          seen.push(...shown);
          if (page.segments.length <= take) break;
          // The cursor of the last patient shown, as a client sends it back.
          const last = rows[shown.at(-1)!]!;
          after = index.segmentAfter({ lname: last.keyLname, name: last.keyName, idPatient: last.idPatient })!;
          expect(after).toBe(shown.at(-1));
        }
        expect(seen.map((segment) => index.patientAt(segment)), `${needle} by ${take}`).toEqual(wanted.map((segment) => rows[segment]!.idPatient));
      }
    }
  });

  it('places no cursor whose patient is not here, or is here under another sort key', () => {
    const row = rows[10]!;
    expect(index.segmentAfter({ lname: row.keyLname, name: row.keyName, idPatient: row.idPatient })).toBe(10);
    expect(index.segmentAfter({ lname: `${row.keyLname}x`, name: row.keyName, idPatient: row.idPatient })).toBeUndefined();
    expect(index.segmentAfter({ lname: row.keyLname, name: 'Otro', idPatient: row.idPatient })).toBeUndefined();
    expect(index.segmentAfter({ lname: row.keyLname, name: row.keyName, idPatient: 7 })).toBeUndefined();
    expect(index.segmentAfter(undefined)).toBe(-1);
  });

  it('gives back each patient’s name, email, phone and sort key as read, whatever their case or separators', () => {
    const odd: FilterRow[] = [
      { idPatient: 1, keyLname: 'Ruiz', keyName: 'Ana', name: 'Ana', lname: 'Ruiz', email: 'ana@x.test', phone: '555' },
      { idPatient: 2, keyLname: 'Old', keyName: 'Key', name: 'Bea', lname: 'Muñoz', email: 'Bea.MUNOZ@X.test', phone: null },
      { idPatient: 3, keyLname: 'Ce\nro', keyName: 'C', name: 'C', lname: 'Ce\nro', email: 'c\n@x.test', phone: '55\n5' },
      { idPatient: 4, keyLname: 'Dé', keyName: 'D', name: 'D', lname: 'Dé', email: 'd@x.test', phone: '' },
      { idPatient: 5, keyLname: 'E', keyName: 'E', name: 'E', lname: 'E', email: 'e@x.test', phone: '+34 ABC' },
    ];
    const small = new PatientFilterIndex(odd);
    expect(odd.map((_, segment) => small.cardAt(segment))).toEqual(odd);
    expect(rows.map((_, segment) => index.cardAt(segment))).toEqual(rows);
  });

  it('answers an empty practice, and builds the same index twice (its shared table is left as found)', () => {
    const empty = new PatientFilterIndex([]);
    expect(empty.query('ana', -1, 10)).toEqual({ total: 0, segments: [] });
    expect(empty.query('a', -1, 10)).toEqual({ total: 0, segments: [] });
    const again = new PatientFilterIndex(rows);
    for (const needle of ['ana', 'ruiz', 'lvar', 'σοφ', '37']) expect(again.query(needle, -1, rows.length)).toEqual(index.query(needle, -1, rows.length));
  });
});
