// The synonyms file (diagnosis-synonyms.tsv) is data a doctor may extend: these tests keep it whole.
// Every code it names must be a code of the real catalog, checked where the catalog's files are
// on this machine (defaultCatalogDir, as the server finds them), and no term may be listed twice.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCatalogDir } from '../config';
import { CATALOG_FILES } from './diagnosis-catalog-loader';
import { diagnosisSynonyms, parseSynonyms, SYNONYMS_FILE, synonymHits, synonymKey } from './diagnosis-synonyms';

const catalogDir = defaultCatalogDir();
const spanishCatalog = join(catalogDir, CATALOG_FILES.es);
const catalogPresent = existsSync(spanishCatalog);

describe('the synonyms file', () => {
  it('parses, in both languages, with a reason on every row and no term twice in a language', () => {
    const synonyms = parseSynonyms(readFileSync(SYNONYMS_FILE, 'utf8'));
    expect(synonyms.length).toBeGreaterThanOrEqual(60);
    expect(new Set(synonyms.map((synonym) => synonym.lang))).toEqual(new Set(['es', 'en']));
    const keys = synonyms.map((synonym) => `${synonym.lang}:${synonym.key}`);
    expect(keys.length - new Set(keys).size).toBe(0);
    for (const synonym of synonyms) expect(synonym.why.length, synonym.term).toBeGreaterThan(5);
  });

  it.skipIf(!catalogPresent)(`names only codes of the real catalog${catalogPresent ? '' : ` (skipped: ${spanishCatalog} is absent)`}`, () => {
    const codes = new Set(
      readFileSync(spanishCatalog, 'utf8')
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split('\t')[0]),
    );
    const unknown = diagnosisSynonyms().flatMap((synonym) => synonym.codes.filter((code) => !codes.has(code)).map((code) => `${synonym.term} → ${code}`));
    expect(unknown).toEqual([]);
  });

  it('refuses a term listed twice, even written with other accents, case or spacing, naming both lines', () => {
    const text = 'lang\tterm\tcodes\twhy\nes\tHTA\tI10\tHipertensión arterial.\nes\th t á\tI15\tOtra vez.\n';
    expect(() => parseSynonyms(text)).toThrow(/line 3: "h t á" is the term of line 2 again/);
    // The same term in the other language is another term.
    expect(parseSynonyms(text.replace('es\th t á', 'en\th t á'))).toHaveLength(2);
  });

  it('refuses a row without its reason, an unknown language, or something that is not a code', () => {
    const header = 'lang\tterm\tcodes\twhy\n';
    expect(() => parseSynonyms(`${header}es\tHTA\tI10\n`)).toThrow(/line 2: expected/);
    expect(() => parseSynonyms(`${header}fr\tHTA\tI10\tpourquoi\n`)).toThrow(/"fr" is not a language/);
    expect(() => parseSynonyms(`${header}es\tHTA\thipertension\tporque\n`)).toThrow(/"hipertension" is not a catalog code/);
    expect(() => parseSynonyms('es\tHTA\tI10\tporque\n')).toThrow(/the first row must be/);
  });
});

describe('looking a typed text up among the synonyms', () => {
  const synonyms = parseSynonyms(
    [
      'lang\tterm\tcodes\twhy',
      'es\tDM2\tE11\tabreviatura',
      'es\tdiabetes tipo 2\tE11\tcomo se dice',
      'es\tdiabetes tipo 1\tE10\tcomo se dice',
      'es\tEPOC\tJ44\tabreviatura',
      'es\tACV\tI63 I64\tdos códigos',
      'en\tCOPD\tJ44\tabbreviation',
    ].join('\n'),
  );

  it('compares without accents, case, spaces or punctuation', () => {
    expect(synonymKey('Hipertensión  Arterial')).toBe(synonymKey('hipertension arterial'));
    expect(synonymKey('DM-2')).toBe('dm2');
  });

  it('finds a term typed exactly, with all its codes in order, then the terms the text begins', () => {
    expect(synonymHits('dm 2', 'es', synonyms)).toEqual({ exact: ['E11'], prefix: [] });
    expect(synonymHits('acv', 'es', synonyms)).toEqual({ exact: ['I63', 'I64'], prefix: [] });
    expect(synonymHits('diabetes tipo', 'es', synonyms)).toEqual({ exact: [], prefix: ['E11', 'E10'] });
    expect(synonymHits('d', 'es', synonyms)).toEqual({ exact: [], prefix: [] });
  });

  it("finds the other language's terms only when typed exactly, after the asked language's", () => {
    expect(synonymHits('EPOC', 'en', synonyms)).toEqual({ exact: ['J44'], prefix: [] });
    expect(synonymHits('copd', 'es', synonyms)).toEqual({ exact: ['J44'], prefix: [] });
    expect(synonymHits('cop', 'es', synonyms)).toEqual({ exact: [], prefix: [] });
  });
});
