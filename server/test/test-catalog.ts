// A small diagnosis catalog for tests, typed here from CIE-10 and ICD-10 (a handful of real codes),
// written as the loader reads data/catalog: the real catalog is not in the repository, and tests
// must not depend on a copy that happens to be on the machine.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** code, Spanish name, English name (null: a WHO code without an ICD-10-CM twin, as E14). */
export const TEST_DIAGNOSES: readonly (readonly [string, string, string | null])[] = [
  ['E10.9', 'Diabetes mellitus tipo 1 sin complicaciones', 'Type 1 diabetes mellitus without complications'],
  ['E11', 'Diabetes mellitus tipo 2', 'Type 2 diabetes mellitus'],
  ['E11.9', 'Diabetes mellitus tipo 2 sin complicaciones', 'Type 2 diabetes mellitus without complications'],
  ['E14', 'Diabetes mellitus no especificada', null],
  ['I10', 'Hipertensión esencial (primaria)', 'Essential (primary) hypertension'],
  ['J45', 'Asma', 'Asthma'],
  ['J45.9', 'Asma no especificada', 'Other and unspecified asthma'],
  ['K29.7', 'Gastritis no especificada', 'Gastritis, unspecified'],
  ['M54', 'Dorsalgia', 'Dorsalgia'],
  ['N39.0', 'Infección de vías urinarias, sitio no especificado', 'Urinary tract infection, site not specified'],
  ['R51', 'Cefalea', 'Headache'],
];

export const testDiagnosisName = (code: string) => TEST_DIAGNOSES.find(([known]) => known === code)![1];

const tsv = (lines: string[]) => `code\tname\n${lines.join('\n')}\n`;

/** Writes cie10-es.tsv and icd10-en.tsv of `rows` (by default TEST_DIAGNOSES) into `dir`, each file whole or not at all. */
export function writeTestCatalog(dir: string, rows = TEST_DIAGNOSES): string {
  mkdirSync(dir, { recursive: true });
  const write = (name: string, text: string) => {
    const staging = join(dir, `.${name}.${process.pid}.${randomUUID()}`);
    writeFileSync(staging, text);
    renameSync(staging, join(dir, name));
  };
  write('cie10-es.tsv', tsv(rows.map(([code, es]) => `${code}\t${es}`)));
  write('icd10-en.tsv', tsv(rows.filter(([, , en]) => en !== null).map(([code, , en]) => `${code}\t${en}`)));
  return dir;
}

/**
 * The directory of TEST_DIAGNOSES, for an app's CATALOG_DIR: one per content under the system's
 * temporary directory, shared by every test file (written again, atomically, by each), so test
 * runs do not leave a directory each behind.
 */
export function testCatalogDir(): string {
  const content = createHash('sha256').update(JSON.stringify(TEST_DIAGNOSES)).digest('hex').slice(0, 12);
  return writeTestCatalog(join(tmpdir(), `expediente-test-catalog-${content}`));
}
