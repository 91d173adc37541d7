// diagnoses.uses counts, per catalog code, the appointments whose diagnoses carry it (migration
// 0021's triggers): the diagnosis search raises the codes a practice writes often by this count,
// so it must follow every write of an appointment (created, edited, deleted) and outlive a reload
// of the catalog, which writes its rows anew.
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMoment } from '../../shared/dates';
import { buildTestApp, callerFor, register, testConfig, uniqueEmail } from '../test/helpers';
import { loadDiagnosisCatalog } from '../services/diagnosis-catalog-loader';
import { TEST_DIAGNOSES, testCatalogDir, writeTestCatalog } from '../test/test-catalog';
import { rawGet, rawRows } from './raw-sql';
import { sqliteEngineOf } from './engine';

// A fixed "now", so an appointment today may be edited and deleted.
const now = new Date(2026, 5, 15, 10, 30);
const today = localMoment(now).slice(0, 10);

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: () => now, config: testConfig({ catalogDir: testCatalogDir() }) });
});
afterAll(() => app.close());

const uses = async () =>
  Object.fromEntries(
    (await rawRows<{ code: string; uses: number }>(app.deps.db, 'select code, uses from diagnoses where uses > 0 order by code')).map((row) => [row.code, row.uses]),
  );

describe("the count of a practice's diagnosis codes", () => {
  it('counts each code once per appointment, and follows edits and deletions', async () => {
    const medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
    const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
    const { idPatient } = (await rawGet(app.deps.db, 'select id as idPatient from patients where user_id = ?', [patient.user.idUser])) as { idPatient: number };
    const caller = callerFor(app, medic.access_token);
    const write = (time: string, diagnoses: string[]) => caller.clinicalHistory.create({ idPatient, date: `${today}T${time}`, end: null, motive: 'Control', diagnoses });

    const first = await write('09:00', ['I10', 'E11', 'i10']);
    await write('10:00', ['I10']);
    expect(await uses()).toEqual({ E11: 1, I10: 2 });

    await caller.clinicalHistory.update({ idHistory: first.idHistory, diagnoses: ['E11', 'R51'] });
    expect(await uses()).toEqual({ E11: 1, I10: 1, R51: 1 });

    await caller.clinicalHistory.remove({ idHistory: first.idHistory });
    expect(await uses()).toEqual({ I10: 1 });

    // A new version of the catalog's files: its rows are written again, and counted again.
    const newer = writeTestCatalog(mkdtempSync(join(tmpdir(), 'expediente-newer-catalog-')), [...TEST_DIAGNOSES, ['R05', 'Tos', 'Cough']]);
    try {
      expect((await loadDiagnosisCatalog(sqliteEngineOf(app.deps.db).writer, newer, { info() {}, warn() {}, error() {} })).outcome).toBe('loaded');
      expect(await uses()).toEqual({ I10: 1 });
    } finally {
      rmSync(newer, { recursive: true, force: true });
    }
  });
});
