// `npx tsx scripts/catalog/build-catalog.ts --siigs GIT_DIR --icd10cm GIT_DIR [--out DIR]` builds the
// diagnosis catalog's folder (cie10-es.tsv, icd10-en.tsv, their licences and SOURCES.md) from local
// git mirrors of the two source repositories that SOURCES.md names, at the commits it pins. It reads
// only those mirrors (with `git show` and `unzip -p`) and downloads nothing; each source file is
// checked against its pinned SHA-256 before it is used. OUT defaults to the repository's data/catalog;
// the steering repository ships the same folder as shared/catalog beside the repository, which the
// server reads when data/catalog holds none (server/config.ts).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { catalogTsv, englishNamesOf, readCie10Es, readIcd10CmOrder } from './catalog-sources';

const here = fileURLToPath(new URL('.', import.meta.url));

const SIIGS = {
  repository: 'github.com/schiapassm2015/SIIGS',
  commit: '3ae4fa4430b24338551da00c18b1ef6b2129e7bc',
  file: 'cie10.csv',
  sha256: '0741ff4a3cd3e2359fc25af90fb50e2c80463b914145e4bcd9bca63914411e17',
  licences: ['license', 'GPL_V3'],
};
const ICD10CM = {
  repository: 'github.com/StefanoTrv/SimpleICD10CM-Java-edition',
  commit: 'c19c760c1be6f25b4f36a37cec2e8da6a73f196c',
  jar: 'SimpleICD10CM.jar',
  entry: 'it/trvi/simpleicd10cm/icd10cm-order-Jan-2021.txt',
  sha256: '024c8cdaab815c987f3d43544758047992ef7b5677c92369b1a04ac69b83b48c',
  licences: ['LICENSE'],
};

const gitShow = (gitDir: string, commit: string, path: string): Buffer =>
  execFileSync('git', ['--git-dir', gitDir, 'show', `${commit}:${path}`], { maxBuffer: 64 * 1024 * 1024 });

function checked(bytes: Buffer, expected: string, what: string): Buffer {
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== expected) throw new Error(`${what}: SHA-256 ${actual}, SOURCES.md pins ${expected}`);
  return bytes;
}

/** The jar is a zip: its one data entry is taken out with unzip, from a temporary copy of the jar. */
function icd10CmOrderFile(gitDir: string, outDir: string): Buffer {
  const jarPath = join(outDir, '.SimpleICD10CM.jar');
  writeFileSync(jarPath, gitShow(gitDir, ICD10CM.commit, ICD10CM.jar));
  try {
    return execFileSync('unzip', ['-p', jarPath, ICD10CM.entry], { maxBuffer: 64 * 1024 * 1024 });
  } finally {
    execFileSync('rm', ['-f', jarPath]);
  }
}

/** A licence file: one line saying whose files follow and what they cover, then each verbatim. */
function licenceFile(source: { repository: string; commit: string; licences: string[] }, gitDir: string, covers: string): string {
  const parts = source.licences.map(
    (name) => `==================== ${name} (verbatim)\n${gitShow(gitDir, source.commit, name).toString('utf8')}`,
  );
  return `Licence files of ${source.repository} at commit ${source.commit} (${covers}). See SOURCES.md.\n\n${parts.join('\n')}`;
}

function main(): number {
  const { values } = parseArgs({ options: { siigs: { type: 'string' }, icd10cm: { type: 'string' }, out: { type: 'string' } } });
  if (!values.siigs || !values.icd10cm) {
    console.error('Usage: npx tsx scripts/catalog/build-catalog.ts --siigs GIT_DIR --icd10cm GIT_DIR [--out DIR]');
    return 2;
  }
  const outDir = values.out ?? join(here, '..', '..', 'data', 'catalog');
  mkdirSync(outDir, { recursive: true });

  const spanish = readCie10Es(checked(gitShow(values.siigs, SIIGS.commit, SIIGS.file), SIIGS.sha256, SIIGS.file));
  const icd10cm = readIcd10CmOrder(checked(icd10CmOrderFile(values.icd10cm, outDir), ICD10CM.sha256, ICD10CM.entry).toString('ascii'));
  const english = englishNamesOf(spanish, icd10cm);

  writeFileSync(join(outDir, 'cie10-es.tsv'), catalogTsv(spanish));
  writeFileSync(join(outDir, 'icd10-en.tsv'), catalogTsv(english));
  writeFileSync(join(outDir, 'LICENSE-siigs.txt'), licenceFile(SIIGS, values.siigs, 'the source of cie10-es.tsv'));
  writeFileSync(join(outDir, 'LICENSE-icd10cm.txt'), licenceFile(ICD10CM, values.icd10cm, 'the library that carries the ICD-10-CM file icd10-en.tsv is built from; it covers the library, not that U.S. government data'));
  copyFileSync(join(here, 'SOURCES.md'), join(outDir, 'SOURCES.md'));
  console.log(
    `${outDir}: cie10-es.tsv ${spanish.size} codes; icd10-en.tsv ${english.size} codes ` +
      `(${spanish.size - english.size} Spanish codes have no ICD-10-CM name); ICD-10-CM read: ${icd10cm.size} codes`,
  );
  return 0;
}

process.exitCode = main();
