// JSON answers of 1 KB or more are compressed for REST and tRPC alike, by Accept-Encoding; small
// answers and document downloads are sent as they are.
import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../shared/auth';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';
import { bearer, buildTestApp, register, uniqueEmail } from './test/helpers';
import { rawGet } from './db/raw-sql';

let app: FastifyInstance;
let medic: Session;
beforeAll(async () => {
  app = await buildTestApp();
  medic = await register(app, { type: 'medic', email: uniqueEmail('medic') });
  // Enough linked patients for the list to pass the threshold.
  for (let index = 0; index < 8; index += 1) {
    await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
  }
});
afterAll(() => app.close());

const decode = { br: brotliDecompressSync, gzip: gunzipSync };
const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: { ...bearer(medic.access_token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

/** `url` asked preferring brotli, then gzip only: each answer, checked to be 200 in that encoding, and its text decoded. */
async function inEachEncoding(url: string) {
  const answers = [];
  for (const [acceptEncoding, encoding] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const response = await get(url, acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    answers.push({ response, decoded: decode[encoding](response.rawPayload).toString() });
  }
  return answers;
}

const routes = {
  REST: '/api/medics/my-patients',
  tRPC: '/trpc/medics.myPatients',
};

describe.each(Object.entries(routes))('a JSON answer over the threshold, %s', (_transport, url) => {
  it('comes compressed as the client prefers, decoding to the same JSON, with its status and type', async () => {
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    for (const { response, decoded } of await inEachEncoding(url)) {
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decoded)).toEqual(plain.json());
    }
  });
});

describe('a record, kept and sent compressed', () => {
  const trpcRecord = (idPatient: number) => `/trpc/medics.patientDetail?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { idPatient } }))}`;

  it.each([
    ['REST', (idPatient: number) => `/api/medics/patients/${idPatient}`, (body: unknown) => body],
    ['tRPC, batched as the client sends it', trpcRecord, (body: unknown) => (body as [{ result: { data: unknown } }])[0].result.data],
  ])('%s: decodes to the record as it is now, also right after a change to it', async (_transport, url, recordOf) => {
    const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
    const { idPatient } = (await rawGet(app.deps.db, 'select id as idPatient from patients where user_id = ?', [patient.user.idUser])) as {
      idPatient: number;
    };
    const addAllergy = (allergyName: string) =>
      app.inject({
        method: 'POST',
        url: `/api/patients/${idPatient}/allergies`,
        headers: bearer(medic.access_token),
        payload: { allergyName, reaction: 'Urticaria generalizada con edema de labios y dificultad para respirar' },
      });
    // Past the threshold: a new record is smaller.
    for (const name of ['Sulfas', 'Látex', 'Ácaros', 'Nueces', 'Mariscos', 'Polen']) expect((await addAllergy(name)).statusCode).toBe(201);
    const read = async (encoding: 'br' | 'gzip') => {
      const response = await get(url(idPatient), encoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      return recordOf(JSON.parse(decode[encoding](response.rawPayload).toString())) as { allergies: { allergyName: string }[] };
    };
    for (const encoding of ['br', 'gzip'] as const) {
      // The second read is the kept answer's kept compressed form.
      expect(await read(encoding)).toEqual(recordOf(JSON.parse((await get(url(idPatient))).body)));
      expect(await read(encoding)).toEqual(recordOf(JSON.parse((await get(url(idPatient))).body)));
    }
    expect((await addAllergy('Penicilina')).statusCode).toBe(201);
    for (const encoding of ['br', 'gzip'] as const) {
      expect((await read(encoding)).allergies.map((allergy) => allergy.allergyName)).toContain('Penicilina');
    }
  });

  it('follows the client: identity or x-no-compression get the JSON as it is, and * gets gzip', async () => {
    const plain = await get(routes.REST);
    const identity = await get(routes.REST, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.equals(plain.rawPayload)).toBe(true);
    const refused = await app.inject({
      method: 'GET',
      url: routes.REST,
      headers: { ...bearer(medic.access_token), 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const any = await get(routes.REST, '*');
    expect(any.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(any.rawPayload).toString())).toEqual(plain.json());
  });

  it("tRPC's answer keeps its own Vary beside accept-encoding", async () => {
    const response = await get(routes.tRPC, 'br');
    expect(response.headers.vary).toBe('trpc-accept, accept, accept-encoding');
  });
});

describe('a streamed export', () => {
  it('the FHIR bundle comes compressed as the client prefers, decoding to the same bytes, without a length', async () => {
    const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
    const { idPatient } = (await rawGet(app.deps.db, 'select id as idPatient from patients where user_id = ?', [patient.user.idUser])) as {
      idPatient: number;
    };
    const url = `/api/patients/${idPatient}/fhir`;
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ resourceType: 'Bundle' });

    for (const { response, decoded } of await inEachEncoding(url)) {
      expect(response.headers['content-type']).toMatch(/application\/fhir\+json/);
      expect(response.headers['content-disposition']).toBe(plain.headers['content-disposition']);
      expect(response.headers['content-length']).toBeUndefined();
      // The same bundle but for the export's own moment.
      expect({ ...(JSON.parse(decoded) as object), timestamp: undefined }).toEqual({ ...plain.json(), timestamp: undefined });
    }
  });
});

describe('what is not compressed', () => {
  it('a small answer, and tRPC errors keep their status', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });

    const refused = await app.inject({ method: 'GET', url: '/trpc/medics.myPatients', headers: { 'accept-encoding': 'br, gzip' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
  });

  it('a document download: the stored bytes with their verified length, even of a compressible type', async () => {
    const patient = await register(app, { type: 'patient', email: uniqueEmail('patient'), doctorEmail: medic.user.email });
    const { idPatient } = (await rawGet(app.deps.db, 'select id as idPatient from patients where user_id = ?', [patient.user.idUser])) as {
      idPatient: number;
    };
    // A bitmap: typed by its bytes, and a type that compression would otherwise take.
    const bitmap = Buffer.concat([Buffer.from('BM'), Buffer.alloc(8 * 1024, 7)]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bitmap)], { type: 'image/bmp' }), 'scan.bmp');
    const uploaded = await app.inject({ method: 'POST', url: `/api/medics/patients/${idPatient}/files`, headers: bearer(medic.access_token), payload: form });
    expect(uploaded.statusCode).toBe(201);
    const { code } = uploaded.json<{ code: string }>();

    for (const url of [`/api/medics/files/${code}`, `/api/patients/me/files/${code}`]) {
      const token = url.includes('/me/') ? patient.access_token : medic.access_token;
      const response = await app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('image/bmp');
      expect(response.headers['content-encoding'], url).toBeUndefined();
      expect(response.headers['content-length'], url).toBe(String(bitmap.length));
      expect(response.rawPayload.equals(bitmap), url).toBe(true);
    }
  });
});
