// The diagnosis search over the REAL catalog (CIE-10 in Spanish, ICD-10-CM in English), found where
// the server finds it (defaultCatalogDir: data/catalog, else shared/catalog beside the repository):
// what a doctor types finds what the doctor means, first. Skipped, saying why, where the files are
// not on this machine: they are not in the repository.
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import type { Language } from '../../shared/constants';
import { localMoment } from '../../shared/dates';
import { defaultCatalogDir } from '../config';
import { rawGet } from '../db/raw-sql';
import { CATALOG_FILES } from '../services/diagnosis-catalog-loader';
import { buildTestApp, callerFor, register, testConfig, uniqueEmail } from '../test/helpers';

const catalogDir = defaultCatalogDir();
const missing = Object.values(CATALOG_FILES).filter((file) => !existsSync(join(catalogDir, file)));
const title = 'the diagnosis search over the real catalog';

// A fixed "now", so the appointments written below are on their own day.
const now = new Date(2026, 5, 15, 10, 30);

let app: FastifyInstance;
let medic: Session;
beforeAll(async () => {
  if (missing.length > 0) return;
  app = await buildTestApp({ now: () => now, config: testConfig({ catalogDir }) });
  medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
});
afterAll(() => app?.close());

const search = async (q: string, lang: Language = 'es') =>
  (await callerFor(app, medic.access_token).catalog.diagnoses({ q, lang })).map((diagnosis) => diagnosis.code);

describe.skipIf(missing.length > 0)(missing.length > 0 ? `${title} (skipped: ${catalogDir} lacks ${missing.join(' and ')})` : title, () => {
  it('finds the words and abbreviations doctors type in Spanish, their code first', async () => {
    for (const [q, code] of [
      ['diabetes tipo 2', 'E11'],
      ['DM2', 'E11'],
      ['dm tipo 2', 'E11'],
      ['HTA', 'I10'],
      ['EPOC', 'J44'],
      ['IVU', 'N39.0'],
      ['lumbalgia', 'M54.5'],
      ['ERC', 'N18'],
    ] as const) {
      expect((await search(q))[0], q).toBe(code);
    }
  });

  it('puts essential hypertension first for "hipertension", with or without its accent, above portal and neonatal', async () => {
    for (const q of ['hipertension', 'Hipertensión', 'hipert']) {
      expect((await search(q))[0], q).toBe('I10');
    }
  });

  it('puts the diabetes categories a GP writes (E11, E10) in the first three for "diabetes"', async () => {
    expect((await search('diabetes')).slice(0, 3)).toEqual(expect.arrayContaining(['E11', 'E10']));
    expect((await search('diabetes', 'en')).slice(0, 3)).toEqual(expect.arrayContaining(['E11', 'E10']));
  });

  it('offers a category before its subdivisions and before longer names holding the word', async () => {
    expect((await search('asma')).slice(0, 2)).toEqual(['J45', 'J45.0']);
    expect((await search('E11'))[0]).toBe('E11');
    // No synonym names it: J96's name is the longest of the five, and still comes first.
    expect((await search('insuficiencia respiratoria'))[0]).toBe('J96');
  });

  it('finds the English terms with lang=en', async () => {
    for (const [q, code] of [
      ['T2DM', 'E11'],
      ['type 2 diabetes', 'E11'],
      ['HTN', 'I10'],
      ['hypertension', 'I10'],
      ['COPD', 'J44'],
      ['CKD', 'N18'],
      ['MI', 'I21'],
      ['CHF', 'I50'],
      ['AFib', 'I48'],
      ['UTI', 'N39.0'],
      ['GERD', 'K21'],
      ['URI', 'J06'],
    ] as const) {
      expect((await search(q, 'en'))[0], q).toBe(code);
    }
  });

  it('with lang=es, matches English names after the Spanish ones', async () => {
    // No Spanish name holds "essential", and no synonym is "essential hypertension": the English name finds it.
    expect((await search('essential hypertension'))[0]).toBe('I10');
  });

  it('raises the codes this practice writes often above the others the text finds', async () => {
    const before = await search('diabetes mellitus no insulinodependiente');
    expect(before.indexOf('E11.0')).toBeLessThan(before.indexOf('E11.9'));

    const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
    const { idPatient } = (await rawGet<{ idPatient: number }>(app.deps.db, 'select id as "idPatient" from patients where user_id = ?', [patient.user.idUser]))!;
    const caller = callerFor(app, medic.access_token);
    const today = localMoment(now).slice(0, 10);
    for (const time of ['09:00', '09:30']) await caller.clinicalHistory.create({ idPatient, date: `${today}T${time}`, end: null, motive: 'Control', diagnoses: ['E11.9'] });

    const after = await search('diabetes mellitus no insulinodependiente');
    expect(after[0]).toBe('E11.9');
    expect(after.indexOf('E11.9')).toBeLessThan(after.indexOf('E11.0'));
    // And by its code's beginning too: E11.9 right after the exact code.
    expect((await search('E11')).slice(0, 2)).toEqual(['E11', 'E11.9']);
  });
});
