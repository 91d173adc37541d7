// GET /api/catalog/diagnoses and catalog.diagnoses (API.md "The clinical day"): the combobox's
// search, by code, by words or by the terms doctors type, in Spanish or English, through both
// transports alike. The catalog
// is the small one of server/test/test-catalog.ts, loaded at start as CATALOG_DIR says.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import type { Diagnosis } from '../../shared/catalog';
import { classifyError } from '../error-mapping';
import { bearer, buildTestApp, callerFor, register, rowCount, testConfig, uniqueEmail } from '../test/helpers';
import { testCatalogDir, testDiagnosisName } from '../test/test-catalog';

let app: FastifyInstance;
let medic: Session;
let patient: Session;
beforeAll(async () => {
  app = await buildTestApp({ config: testConfig({ catalogDir: testCatalogDir() }) });
  medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  patient = await register(app, { type: 'patient', email: uniqueEmail('patient') });
});
afterAll(() => app.close());

interface Outcome {
  status: number;
  code: string | null;
  body: Diagnosis[];
}

type Query = { q?: string; lang?: string; limit?: string | number };

const transports = {
  async REST(query: Query, session: Session | null = medic): Promise<Outcome> {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await app.inject({ method: 'GET', url: `/api/catalog/diagnoses?${search}`, headers: session ? bearer(session.access_token) : {} });
    const body = response.json();
    return { status: response.statusCode, code: response.statusCode === 200 ? null : body.code, body };
  },
  async tRPC(query: Query, session: Session | null = medic): Promise<Outcome> {
    try {
      // The client sends the limit as a number; a string is what REST passes on.
      const body = await callerFor(app, session?.access_token).catalog.diagnoses(query as never);
      return { status: 200, code: null, body };
    } catch (error) {
      const classified = classifyError(error);
      return { status: classified.status, code: classified.code, body: [] };
    }
  },
};

const codes = (outcome: Outcome) => outcome.body.map((diagnosis) => diagnosis.code);

describe.each(Object.entries(transports))('the diagnosis search through %s', (_name, search) => {
  it('finds a code exactly, with or without its dot, in any case', async () => {
    for (const q of ['E11.9', 'E119', 'e11.9', ' e119 ']) {
      const found = await search({ q });
      expect(found.status).toBe(200);
      expect(found.body[0], q).toEqual({ code: 'E11.9', name: 'Diabetes mellitus tipo 2 sin complicaciones' });
    }
  });

  it('puts the exact code first, then the codes it begins, shortest first', async () => {
    expect(codes(await search({ q: 'E11' }))).toEqual(['E11', 'E11.9']);
    expect(codes(await search({ q: 'E1' }))).toEqual(['E10.9', 'E11', 'E11.9', 'E14'].sort((a, b) => a.length - b.length || a.localeCompare(b)));
    expect(codes(await search({ q: 'J45' }))).toEqual(['J45', 'J45.9']);
  });

  it('finds words regardless of accents and case, in any order, as prefixes, shortest names first', async () => {
    expect(codes(await search({ q: 'hipertension' }))).toEqual(['I10']);
    expect(codes(await search({ q: 'HIPERTENSIÓN esencial' }))).toEqual(['I10']);
    expect(codes(await search({ q: 'diabetes tipo 2' }))).toEqual(['E11', 'E11.9']);
    expect(codes(await search({ q: 'tipo 2 diabetes' }))).toEqual(['E11', 'E11.9']);
    expect(codes(await search({ q: 'infeccion urin' }))).toEqual(['N39.0']);
    expect(codes(await search({ q: 'asma' }))).toEqual(['J45', 'J45.9']);
  });

  it('searches and answers the English names with lang=en, and a code without one in Spanish', async () => {
    expect((await search({ q: 'hypertension', lang: 'en' })).body).toEqual([{ code: 'I10', name: 'Essential (primary) hypertension' }]);
    expect(codes(await search({ q: 'type 2 diabetes', lang: 'en' }))).toEqual(['E11', 'E11.9']);
    expect((await search({ q: 'I10', lang: 'en' })).body).toEqual([{ code: 'I10', name: 'Essential (primary) hypertension' }]);
    // E14 is a WHO code with no ICD-10-CM name: found by its code, named in Spanish.
    expect((await search({ q: 'E14', lang: 'en' })).body).toEqual([{ code: 'E14', name: 'Diabetes mellitus no especificada' }]);
    expect(codes(await search({ q: 'hipertension', lang: 'es' }))).toEqual(['I10']);
  });

  it('finds English words with lang=es too, after the Spanish matches, answering the Spanish name', async () => {
    expect((await search({ q: 'urinary tract', lang: 'es' })).body).toEqual([{ code: 'N39.0', name: testDiagnosisName('N39.0') }]);
    expect((await search({ q: 'hypertension', lang: 'es' })).body).toEqual([{ code: 'I10', name: testDiagnosisName('I10') }]);
  });

  it('finds Spanish words with lang=en too, after the English matches, answering the English name where there is one', async () => {
    expect((await search({ q: 'hipertension', lang: 'en' })).body).toEqual([{ code: 'I10', name: 'Essential (primary) hypertension' }]);
    // "diabetes" matches English names first; "tipo" only Spanish ones.
    expect(codes(await search({ q: 'diabetes tipo 1', lang: 'en' }))).toEqual(['E10.9']);
    const unspecified = await search({ q: 'no especificada', lang: 'en' });
    expect(unspecified.body).toEqual(expect.arrayContaining([{ code: 'E14', name: 'Diabetes mellitus no especificada' }, { code: 'K29.7', name: 'Gastritis, unspecified' }]));
    // English matches come before Spanish ones.
    expect(codes(await search({ q: 'asthma', lang: 'en' }))[0]).toBe('J45');
  });

  it('finds the terms doctors type, regardless of accents and case, before the names that hold their words', async () => {
    expect(codes(await search({ q: 'DM2' }))).toEqual(['E11', 'E11.9']);
    expect(codes(await search({ q: 'dm 2' }))).toEqual(['E11', 'E11.9']);
    expect(codes(await search({ q: 'HTA' }))).toEqual(['I10']);
    expect(codes(await search({ q: 'infección urinaria' }))).toEqual(['N39.0']);
    expect(codes(await search({ q: 'T2DM', lang: 'en' }))).toEqual(['E11', 'E11.9']);
  });

  it('answers at most `limit`, 20 by default, and refuses a limit outside 1–50 or another language (400)', async () => {
    expect(codes(await search({ q: 'E1', limit: 2 }))).toEqual(['E11', 'E14']);
    expect((await search({ q: 'E1', limit: 50 })).body).toHaveLength(4);
    expect((await search({ q: 'E1', limit: '1' })).body).toHaveLength(1);
    for (const limit of [0, 51, -1, 'diez', '1.5', '0x10']) {
      const refused = await search({ q: 'E', limit });
      expect(refused.status, String(limit)).toBe(400);
      expect(refused.code).toBe('VALIDATION_FAILED');
    }
    expect((await search({ q: 'asma', lang: 'fr' })).status).toBe(400);
  });

  it('answers [] to an empty query, and 200 to text in the full-text syntax, which is searched as words', async () => {
    expect((await search({})).body).toEqual([]);
    expect((await search({ q: '' })).body).toEqual([]);
    expect((await search({ q: '   ' })).body).toEqual([]);
    for (const q of ['"', '*', 'AND', '(', ')', 'NEAR', 'NEAR(asma cefalea, 2)', 'asma OR', 'OR asma', 'NOT', '-asma', '^asma', 'name_en: asma', '{name_es}: asma', 'asma"', 'as*ma', '"asma" AND', "'; drop table diagnoses; --", '\\', '+', ':']) {
      const answered = await search({ q });
      expect(answered.status, q).toBe(200);
      expect(Array.isArray(answered.body)).toBe(true);
    }
    // The operator words are words: nothing in the catalog says "near", and "asma" is still found beside them.
    expect(codes(await search({ q: 'asma AND' }))).toEqual([]);
    expect(codes(await search({ q: '"asma"' }))).toEqual(['J45', 'J45.9']);
    expect(codes(await search({ q: 'asma*' }))).toEqual(['J45', 'J45.9']);
  });

  it('is for any signed-in user, a patient too, and not for anonymous callers (401)', async () => {
    expect((await search({ q: 'asma' }, patient)).body).toHaveLength(2);
    const anonymous = await search({ q: 'asma' }, null);
    expect(anonymous.status).toBe(401);
  });
});

describe('the diagnosis search and the audit trail', () => {
  it('writes no audit event: it reads no patient data', async () => {
    const before = await rowCount(app, 'audit_events');
    await transports.REST({ q: 'asma' });
    await transports.tRPC({ q: 'cefalea' });
    expect(await rowCount(app, 'audit_events')).toBe(before);
  });
});
