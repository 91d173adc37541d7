// The administrator's check of the audit trail (GET /admin/audit/verify, admin.verifyAudit), on a
// practice kept in files: whole or since the sealed head, and a row altered behind the server's back.
// The practice's clock for this file: six hours behind UTC, so that a practice-local day and a UTC
// day differ, and a filter that read `at` as UTC days would fail here.
process.env.TZ = 'America/Mexico_City';

import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditVerification } from '../../shared/admin';
import type { Session } from '../../shared/auth';
import { insertAuditEvents } from '../audit/audit-events.fixture';
import { computeAuditHead, signAuditHead, writeAuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { dropAuditTriggers } from '../audit/audit-tamper.fixture';
import { openDatabase } from '../db/client';
import { sqliteEngineOf } from '../db/engine';
import { rawGet } from '../db/raw-sql';
import { buildTestApp, callerFor, register, testConfig, uniqueEmail } from '../test/helpers';
import { restGet, viaRest, viaTrpc } from './audit-review.fixture';

const auditRows = async (app: FastifyInstance) => (await rawGet<{ n: number }>(app.deps.db, 'select count(*) as n from audit_events'))!.n;

describe('verifying the trail', () => {
  let dir: string;
  let fileApp: FastifyInstance;
  let fileAdmin: Session;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'expediente-audit-verify-'));
    fileApp = await buildTestApp({ config: testConfig({ dataDir: dir }), db: openDatabase(join(dir, 'expediente.db')) });
    fileAdmin = await register(fileApp, { type: 'medic', email: uniqueEmail('admin'), name: 'Ada', lname: 'Admin' });
  });
  afterAll(async () => {
    await fileApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['REST', viaRest],
    ['tRPC', viaTrpc],
  ] as const)('through %s: ok on a fresh practice, every row checked and none broken', async (_transport, transport) => {
    const rows = await auditRows(fileApp);
    const answer = await transport.verify(fileAdmin, fileApp);
    expect(answer.body).toEqual({ ok: true, checked: rows, unsealed: rows, firstBrokenId: null });
  });

  it('with since=checkpoint recomputes only the rows after the sealed head, through REST and tRPC alike', async () => {
    // The events are chained by the function the app registered on its writer; the head is read there too.
    const sqlite = sqliteEngineOf(fileApp.deps.db).writer;
    insertAuditEvents(sqlite, [{ action: 'test.before-seal' }, { action: 'test.before-seal' }]);
    // Sealed as the server's head writer seals it every five minutes.
    const key = readFileSync(join(dir, AUDIT_KEY_FILE), 'utf8').trim();
    writeAuditHead(dir, signAuditHead(computeAuditHead(sqlite)!, key));
    insertAuditEvents(sqlite, [{ action: 'test.after-seal' }]);
    const rows = await auditRows(fileApp);

    const rest = await restGet<AuditVerification>(fileApp, '/api/admin/audit/verify?since=checkpoint', fileAdmin);
    expect(rest.body).toMatchObject({ ok: true, firstBrokenId: null });
    // The row written after the seal, and nothing up to the head.
    expect(rest.body!.checked).toBe(1);
    const trpc = await callerFor(fileApp, fileAdmin.access_token).admin.verifyAudit({ since: 'checkpoint' });
    expect(trpc).toMatchObject({ ok: true, firstBrokenId: null });
    // The first check's own audit event is new since the head as well.
    expect(trpc.checked).toBe(2);
    expect(trpc.checked).toBeLessThan(rows);
    const refused = await restGet(fileApp, '/api/admin/audit/verify?since=yesterday', fileAdmin);
    expect([refused.status, refused.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('names the row whose detail was altered from another connection, through REST and tRPC alike', async () => {
    const writer = sqliteEngineOf(fileApp.deps.db).writer;
    const altered = insertAuditEvents(writer, [{ action: 'test.tampered', detail: 'as it happened' }])[0]!;
    insertAuditEvents(writer, [{ action: 'test.after' }]);
    expect((await viaRest.verify(fileAdmin, fileApp)).body!.ok).toBe(true);

    // Someone who can write the database file, and drops the append-only triggers to do it.
    const other = new Database(join(dir, 'expediente.db'));
    try {
      dropAuditTriggers(other);
      other.prepare('update audit_events set detail = ? where id = ?').run('as someone wished', altered);
    } finally {
      other.close();
    }
    for (const transport of [viaRest, viaTrpc]) {
      const answer = await transport.verify(fileAdmin, fileApp);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ ok: false, firstBrokenId: altered });
      expect(answer.body!.checked).toBe(altered - 1);
    }
  });
});
