// The diagnosis catalog the bench searches: the real one when CATALOG_DIR (or the repository's
// data/catalog) holds its files, otherwise a SYNTHETIC one of about 15,000 codes generated here for
// the bench only — the same shape (three-character categories and their subdivisions, Spanish names
// of several words with accents, English names for most codes) but invented names, so its numbers
// say how fast a search over that many codes is, not what a doctor would find. It is loaded into the
// bench's database before the server starts, so the measured start finds it current and does no work.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db/client';
import { sqliteEngineOf } from '../../server/db/engine';
import { rawGet } from '../../server/db/raw-sql';
import { CATALOG_FILES, loadDiagnosisCatalog } from '../../server/services/diagnosis-catalog-loader';

export interface BenchCatalog {
  dir: string;
  synthetic: boolean;
  codes: number;
}

const CONDITIONS = [
  ['Fractura', 'Fracture'], ['Diabetes mellitus tipo 2', 'Type 2 diabetes mellitus'], ['Hipertensión', 'Hypertension'],
  ['Asma', 'Asthma'], ['Infección', 'Infection'], ['Tumor maligno', 'Malignant neoplasm'], ['Esguince', 'Sprain'],
  ['Úlcera', 'Ulcer'], ['Neumonía', 'Pneumonia'], ['Cefalea', 'Headache'], ['Gastritis', 'Gastritis'], ['Luxación', 'Dislocation'],
  ['Dermatitis', 'Dermatitis'], ['Hemorragia', 'Haemorrhage'], ['Insuficiencia', 'Failure'], ['Quemadura', 'Burn'],
] as const;
const SITES = [
  ['del fémur', 'of femur'], ['de vías urinarias', 'of urinary tract'], ['del estómago', 'of stomach'], ['del pulmón', 'of lung'],
  ['de la rodilla', 'of knee'], ['del tobillo', 'of ankle'], ['del corazón', 'of heart'], ['del hígado', 'of liver'],
  ['de la piel', 'of skin'], ['del riñón', 'of kidney'], ['de la columna lumbar', 'of lumbar spine'], ['del oído', 'of ear'],
] as const;
const QUALIFIERS = [
  ['no especificada', 'unspecified'], ['con complicaciones', 'with complications'], ['sin mención de complicación', 'without complication'],
  ['aguda', 'acute'], ['crónica', 'chronic'], ['recurrente', 'recurrent'], ['secundaria', 'secondary'], ['de origen desconocido', 'of unknown origin'],
] as const;

/** Writes 15,000 invented codes (A00–Z99 but U, each with five subdivisions) into `dir`. */
function writeSyntheticCatalog(dir: string): void {
  const spanish: string[] = [];
  const english: string[] = [];
  let n = 0;
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTVWXYZ') {
    for (let category = 0; category < 100; category += 1) {
      const code = `${letter}${String(category).padStart(2, '0')}`;
      const [conditionEs, conditionEn] = CONDITIONS[n % CONDITIONS.length]!;
      // Every condition meets every site, so each query of DIAGNOSIS_QUERIES finds names.
      const [siteEs, siteEn] = SITES[Math.floor(n / CONDITIONS.length) % SITES.length]!;
      spanish.push(`${code}\t${conditionEs} ${siteEs}`);
      english.push(`${code}\t${conditionEn} ${siteEn}`);
      for (const [index, sub] of [0, 1, 2, 8, 9].entries()) {
        const [qualifierEs, qualifierEn] = QUALIFIERS[(n + index) % QUALIFIERS.length]!;
        spanish.push(`${code}.${sub}\t${conditionEs} ${siteEs} ${qualifierEs}`);
        // As in the real files, a part of the codes has no English name.
        if ((n + index) % 4 !== 0) english.push(`${code}.${sub}\t${conditionEn} ${siteEn}, ${qualifierEn}`);
      }
      n += 1;
    }
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, CATALOG_FILES.es), `code\tname\n${spanish.join('\n')}\n`);
  writeFileSync(join(dir, CATALOG_FILES.en), `code\tname\n${english.join('\n')}\n`);
}

/**
 * Loads the real catalog or a synthetic one into the bench's database; the server is then given `dir`.
 * The loader is the server's start-up bulk load, which works on the SQLite writer.
 */
export async function prepareBenchCatalog(db: Db, dataDir: string): Promise<BenchCatalog> {
  const real = loadConfig().catalogDir!;
  const synthetic = !Object.values(CATALOG_FILES).every((file) => existsSync(join(real, file)));
  const dir = synthetic ? join(dataDir, 'synthetic-catalog') : real;
  if (synthetic) writeSyntheticCatalog(dir);
  const log = { info: () => {}, warn: console.warn, error: console.error };
  const loaded = await loadDiagnosisCatalog(sqliteEngineOf(db).writer, dir, log);
  if (loaded.outcome !== 'loaded' && loaded.outcome !== 'unchanged') throw new Error(`the bench's diagnosis catalog did not load from ${dir}`);
  const { n } = (await rawGet<{ n: number }>(db, 'select count(*) as n from diagnoses'))!;
  return { dir, synthetic, codes: n };
}

/** What a doctor types into the combobox, in turn: codes with and without the dot, words in any order, clinical abbreviations, both languages. */
export const DIAGNOSIS_QUERIES: readonly { q: string; lang: 'es' | 'en' }[] = [
  { q: 'E11', lang: 'es' },
  { q: 'E11.9', lang: 'es' },
  { q: 'e119', lang: 'es' },
  { q: 'I10', lang: 'es' },
  { q: 'S7', lang: 'es' },
  { q: 'hipertension', lang: 'es' },
  { q: 'diabetes tipo 2', lang: 'es' },
  { q: 'tipo 2 diabetes', lang: 'es' },
  { q: 'fractura femur', lang: 'es' },
  { q: 'infeccion vias urinarias', lang: 'es' },
  { q: 'asma', lang: 'es' },
  { q: 'cefalea', lang: 'es' },
  { q: 'gastritis cronica', lang: 'es' },
  { q: 'neumo', lang: 'es' },
  // The terms and abbreviations of diagnosis-synonyms.tsv, a term's beginning, and two letters,
  // which match the most names of any keystroke.
  { q: 'DM2', lang: 'es' },
  { q: 'HTA', lang: 'es' },
  { q: 'diabe', lang: 'es' },
  { q: 'in', lang: 'es' },
  { q: 'essential hypertension', lang: 'es' },
  { q: 'COPD', lang: 'en' },
  { q: 'hypertension', lang: 'en' },
  { q: 'type 2 diabetes', lang: 'en' },
  { q: 'fracture of femur', lang: 'en' },
  { q: 'J45', lang: 'en' },
];

export const diagnosisSearchPaths = () =>
  DIAGNOSIS_QUERIES.map(({ q, lang }) => `/api/catalog/diagnoses?q=${encodeURIComponent(q)}&lang=${lang}&limit=10`);
