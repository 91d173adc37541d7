// A crash between writing a document's blob and inserting its row leaves nothing behind once the
// server starts again.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { buildTestApp, testConfig } from '../test/helpers';
import { samplePng } from '../test/sample-files';

describe('a crash between writing a blob and inserting its row', () => {
  it('leaves no orphan once the server starts again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'expediente-crash-'));
    try {
      const config = { ...testConfig(), dataDir };
      const dbPath = join(dataDir, 'expediente.db');
      const first = await buildTestApp({ config, db: openDatabase(dbPath) });
      // The blob is on disk under its final name, and the process dies before the row is written.
      await first.deps.blobs.write(Readable.from([samplePng]), 'code-of-a-row-never-written');
      writeFileSync(join(dataDir, 'documents', '.tmp-0123456789abcdef0123456789abcdef'), 'half-written');
      await first.close();
      expect(readdirSync(join(dataDir, 'documents'))).toHaveLength(2);

      const second = await buildTestApp({ config, db: openDatabase(dbPath) });
      expect(readdirSync(join(dataDir, 'documents'))).toEqual([]);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
