// Packaging takes the diagnosis catalog beside the repository by default and will not build a
// binary without one unless told --without-catalog: such a binary refuses every diagnosis code.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../build-state.mjs';
import { assertCatalogIn, CatalogMissing, SHARED_CATALOG_DIR } from './assets';

const empty = mkdtempSync(join(tmpdir(), 'expediente-no-catalog-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('the catalog a binary is packaged with', () => {
  it('is taken from ../shared/catalog unless another is named', () => {
    expect(SHARED_CATALOG_DIR).toBe(join(repoRoot, '..', 'shared', 'catalog'));
  });

  it('is refused when a language is missing, naming the files and the way to build without one', () => {
    expect(() => assertCatalogIn(empty)).toThrow(CatalogMissing);
    writeFileSync(join(empty, 'cie10-es.tsv'), 'E11\tDiabetes mellitus tipo 2\n');
    expect(() => assertCatalogIn(empty)).toThrow(/icd10-en\.tsv missing.*--without-catalog/);
  });

  it('stops `npm run package` before it builds anything, with exit 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'package.ts'), '--catalog', join(empty, 'nowhere')], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toMatch(/^Packaging failed: No diagnosis catalog in .*nowhere/);
    expect(run.status).toBe(1);
  });
});
