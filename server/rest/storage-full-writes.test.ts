// API.md "Data safety under faults": a write the storage has no room for answers 507 STORAGE_FULL —
// on REST and on tRPC alike, with the documented body — and changes nothing; a read-only database
// answers 503 STORAGE_READ_ONLY. Once space is freed, writes work again without a restart.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { sqliteEngineOf } from '../db/engine';
import { fillDatabase, fullUntilTestEnds } from '../db/full-database.fixture';
import { testEngine } from '../test/engine-under-test';
import { bearer, buildTestApp, errorOf, medicAndLinkedPatient, rowCount } from '../test/helpers';

let app: FastifyInstance;
let medic: Session;
let idPatient: number;

beforeAll(async () => {
  app = await buildTestApp();
  ({ medic, idPatient } = await medicAndLinkedPatient(app));
});
afterAll(() => app.close());

const fillDisk = fullUntilTestEnds(() => app.deps.db);

const addAllergyRest = () =>
  app.inject({ method: 'POST', url: `/api/patients/${idPatient}/allergies`, headers: bearer(medic.access_token), payload: { allergyName: 'Penicilina' } });
const addAllergyTrpc = () =>
  app.inject({ method: 'POST', url: '/trpc/patients.allergies.add', headers: bearer(medic.access_token), payload: { idPatient, allergyName: 'Penicilina' } });
const unchanged = async () => ({ allergies: await rowCount(app, 'allergies'), audit: await rowCount(app, 'audit_events') });

const STORAGE_FULL_MESSAGE = "The server's storage is full: nothing was saved. Please tell the administrator so that space can be freed.";

// SQLite only: the arrangement caps the SQLite file (max_page_count) and switches its writer to
// query_only; PostgreSQL's disk and read-only state are the cluster's, which a test cannot fill or
// switch for its own database alone (storage-failure.ts knows PostgreSQL's codes for both).
describe.skipIf(testEngine === 'postgres')('a write when the database has no room left', () => {
  it('answers 507 STORAGE_FULL with the documented body over REST, and changes nothing', async () => {
    await fillDisk();
    const before = await unchanged();
    const response = await addAllergyRest();
    expect(response.statusCode).toBe(507);
    expect(errorOf(response)).toEqual({ statusCode: 507, error: 'Insufficient Storage', code: 'STORAGE_FULL', message: STORAGE_FULL_MESSAGE });
    expect(await unchanged()).toEqual(before);
  });

  it('answers HTTP 507 with appCode STORAGE_FULL over tRPC', async () => {
    await fillDisk();
    const before = await unchanged();
    const response = await addAllergyTrpc();
    expect(response.statusCode).toBe(507);
    expect(response.json().error).toMatchObject({ message: STORAGE_FULL_MESSAGE, data: { httpStatus: 507, appCode: 'STORAGE_FULL' } });
    expect(await unchanged()).toEqual(before);
  });

  it('works again once space is freed, without a restart', async () => {
    const free = await fillDatabase(app.deps.db);
    expect((await addAllergyRest()).statusCode).toBe(507);
    await free();
    expect((await addAllergyRest()).statusCode).toBe(201);
    expect((await addAllergyTrpc()).statusCode).toBe(200);
  });

  it('answers 503 STORAGE_READ_ONLY on a read-only database, on both transports, and changes nothing', async () => {
    // SQLite dialect: query_only on the writer, the connection that writes (the reader is read-only from the start).
    sqliteEngineOf(app.deps.db).writer.pragma('query_only = 1');
    const before = await unchanged();
    const rest = await addAllergyRest();
    expect(rest.statusCode).toBe(503);
    expect(errorOf(rest)).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'STORAGE_READ_ONLY' });
    const trpc = await addAllergyTrpc();
    expect(trpc.statusCode).toBe(503);
    expect(trpc.json().error).toMatchObject({ data: { httpStatus: 503, appCode: 'STORAGE_READ_ONLY' } });
    expect(await unchanged()).toEqual(before);
  });
});
