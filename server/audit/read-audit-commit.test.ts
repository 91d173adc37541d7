// A read and its audit event commit in one transaction (auditedRead, record-audit.ts), before the
// answer is sent. What a client relies on: every answered read has its event committed before the
// answer arrives, also when many reads are answered at once, and a read whose event the disk will
// not take is answered as that failure, never with the record.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { fillDatabase, fullUntilTestEnds } from '../db/full-database.fixture';
import { bearer, buildTestApp, errorOf, medicAndLinkedPatient } from '../test/helpers';
import { rawGet } from '../db/raw-sql';

let app: FastifyInstance;
let medic: Session;
let idPatient: number;

beforeAll(async () => {
  app = await buildTestApp();
  ({ medic, idPatient } = await medicAndLinkedPatient(app));
});
afterAll(() => app.close());

const fillDisk = fullUntilTestEnds(() => app.deps.db);

const recordReadsAudited = async () =>
  (await rawGet<{ n: number }>(app.deps.db, "select count(*) as n from audit_events where action = 'patient.detail' and outcome = 'success'"))!.n;
const readRecordRest = () => app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(medic.access_token) });
const readRecordTrpc = () =>
  app.inject({ method: 'GET', url: `/trpc/medics.patientDetail?input=${encodeURIComponent(JSON.stringify({ idPatient }))}`, headers: bearer(medic.access_token) });

describe('reads answered together', () => {
  it('each have their audit event committed by the time their answer arrives', async () => {
    const before = await recordReadsAudited();
    const committedOnArrival: number[] = [];
    const reads = Array.from({ length: 12 }, (_, index) =>
      (index % 2 ? readRecordTrpc() : readRecordRest()).then(async (response) => {
        expect(response.statusCode).toBe(200);
        committedOnArrival.push((await recordReadsAudited()) - before);
      }),
    );
    await Promise.all(reads);
    // The n-th answer to arrive found at least n events committed: none arrived ahead of its own.
    committedOnArrival.forEach((committed, arrived) => expect(committed).toBeGreaterThanOrEqual(arrived + 1));
    expect((await recordReadsAudited()) - before).toBe(12);
  });

  it('keep the trail one unbroken chain, in the order the events were committed', async () => {
    await Promise.all(Array.from({ length: 8 }, () => readRecordRest()));
    const response = await app.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: bearer(medic.access_token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: true });
  });
});

describe('a read whose audit event the disk has no room for', () => {
  it('answers 507 STORAGE_FULL over REST, with none of the record', async () => {
    await fillDisk();
    const before = await recordReadsAudited();
    const response = await readRecordRest();
    expect(response.statusCode).toBe(507);
    expect(errorOf(response)).toMatchObject({ statusCode: 507, code: 'STORAGE_FULL' });
    expect(response.body).not.toContain('allergies');
    expect(await recordReadsAudited()).toBe(before);
  });

  it('answers HTTP 507 with appCode STORAGE_FULL over tRPC, with none of the record', async () => {
    await fillDisk();
    const response = await readRecordTrpc();
    expect(response.statusCode).toBe(507);
    expect(response.json().error).toMatchObject({ data: { httpStatus: 507, appCode: 'STORAGE_FULL' } });
    expect(response.body).not.toContain('allergies');
  });

  it('is answered and audited again once space is freed', async () => {
    const free = await fillDatabase(app.deps.db);
    expect((await readRecordRest()).statusCode).toBe(507);
    free();
    const before = await recordReadsAudited();
    expect((await readRecordRest()).statusCode).toBe(200);
    expect(await recordReadsAudited()).toBe(before + 1);
  });
});
