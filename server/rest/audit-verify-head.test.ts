// The administrator's check of the audit trail (GET /admin/audit/verify) against the sealed head in
// DATA_DIR, on the engine under test: a practice's file, or a clinic network's PostgreSQL trail,
// which each server seals into its own DATA_DIR. Whole or since the checkpoint, rows cut from the end
// of the trail up to the head show; the chain alone would not show them.
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditVerification } from '../../shared/admin';
import type { Session } from '../../shared/auth';
import { computeAuditHeadIn, signAuditHead, writeAuditHead, type AuditHead } from '../audit/audit-head';
import { AUDIT_KEY_FILE } from '../audit/audit-key';
import { deleteNewestRows, tamperIn } from '../audit/audit-tamper.fixture';
import { rawGet } from '../db/raw-sql';
import { buildTestApp, register, uniqueEmail } from '../test/helpers';
import { restGet } from './audit-review.fixture';

let app: FastifyInstance;
let admin: Session;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await register(app, { type: 'medic', email: uniqueEmail('admin'), name: 'Ada', lname: 'Admin' });
});
afterAll(() => app.close());

const rowsAfter = async (id: number) => (await rawGet<{ n: number }>(app.deps.db, 'select count(*) as n from audit_events where id > ?', [id]))!.n;
const verify = async (query = '') => (await restGet<AuditVerification>(app, `/api/admin/audit/verify${query}`, admin)).body!;

describe('verifying the trail against the sealed head in DATA_DIR', () => {
  let head: AuditHead;

  it('recomputes only the rows after the head since the checkpoint, and every row otherwise', async () => {
    await register(app, { type: 'patient' });
    const dataDir = app.deps.config.dataDir;
    // Sealed as the server's head writer seals it every five minutes.
    head = (await computeAuditHeadIn(app.deps.db))!;
    writeAuditHead(dataDir, signAuditHead(head, readFileSync(join(dataDir, AUDIT_KEY_FILE), 'utf8').trim()));
    await register(app, { type: 'patient' });

    const after = await rowsAfter(head.lastId);
    expect(after).toBeGreaterThan(0);
    expect(await verify('?since=checkpoint')).toMatchObject({ ok: true, checked: after, firstBrokenId: null });
    // The whole check recomputes every row: those up to the head, the ones since, and the first check's own event.
    expect(await verify()).toMatchObject({ ok: true, checked: head.count + after + 1, firstBrokenId: null });
  });

  it('finds rows cut from the end of the trail up to the head, whole and since the checkpoint', async () => {
    // Every row after the head, and the head's own row.
    await tamperIn(app.deps.db, deleteNewestRows((await rowsAfter(head.lastId)) + 1));
    // No row is broken: only the head shows what is missing.
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: null });
    // That check's own event was chained after what is left of the trail, not after the head: the
    // check since the head finds the cut, or (where the new event took an id after the head) that event.
    expect((await verify('?since=checkpoint')).ok).toBe(false);
  });
});
