// A record's core (the patient, the account's name and contact, lookups, insurance, lifestyle) is
// kept in memory at the patient's record_version (migration 0020), as its lists are. Whatever changes
// it, through the product or straight in the database, must show in the very next read, and a read
// with nothing changed must not load it again.
import { openTestDatabase } from '../test/engine-under-test';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { rawRun } from '../db/raw-sql';
import { bearer, buildTestApp, medicAndLinkedPatient, register, uniqueEmail } from '../test/helpers';
import { restTransport } from '../test/transports';

let app: FastifyInstance;
const statements: string[] = [];
beforeAll(async () => {
  app = await buildTestApp({ db: await openTestDatabase({ logQuery: (query) => void statements.push(query) }) });
});
afterAll(() => app.close());

/** A change written straight in the database, as another process or a hand would. */
const writeStraight = (text: string, params: unknown[]) => rawRun(app.deps.db, text, params);

interface Detail {
  patient: { name: string; lname: string; phone: string | null; birthDate: string | null; bloodGroup: string | null };
  profession: { id: number; name: string } | null;
  insurance: { name: string | null; provider: string | null } | null;
  lifestyle: { tobacco: { frequency: string | null } | null } | null;
}

describe("a record's core read again", () => {
  let medic: Session;
  let patient: Session;
  let idPatient: number;
  const read = async (session = medic) => {
    statements.length = 0;
    const response = await app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(session.access_token) });
    expect(response.statusCode, response.body).toBe(200);
    return { detail: response.json<Detail>(), coreLoads: statements.filter((query) => query.includes('"professions"')).length };
  };
  const patch = async (fields: object) => {
    const response = await app.inject({ method: 'PATCH', url: `/api/patients/${idPatient}`, headers: bearer(medic.access_token), payload: fields });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeEach(async () => {
    ({ medic, patient, idPatient } = await medicAndLinkedPatient(app));
    await read();
  });

  it('is not loaded again while nothing in it has changed', async () => {
    const again = await read();
    expect(again.coreLoads).toBe(0);
    expect(again.detail.patient.name).toBe(patient.user.name);
  });

  it('shows demographics, lookups, insurance and lifestyle saved through the API on the very next read', async () => {
    await patch({ birthDate: '1979-04-05', profession: 'Arquitecta', insurance: { name: 'Seguro Popular', provider: 'IMSS' }, lifestyle: { tobacco: { frequency: 'Diario' } } });
    const { detail, coreLoads } = await read();
    expect(coreLoads).toBe(1);
    expect(detail.patient.birthDate).toBe('1979-04-05');
    expect(detail.profession?.name).toBe('Arquitecta');
    expect(detail.insurance).toMatchObject({ name: 'Seguro Popular', provider: 'IMSS' });
    expect(detail.lifestyle?.tobacco?.frequency).toBe('Diario');
  });

  it('shows changes written straight in the database (another process, or by hand) on the very next read', async () => {
    await patch({ profession: 'Arquitecta', insurance: { name: 'Seguro Popular' }, lifestyle: { tobacco: { frequency: 'Diario' } } });
    await read();
    await writeStraight("update users set name = 'Renombrada', phone = '555 0199' where id = ?", [patient.user.idUser]);
    expect((await read()).detail.patient).toMatchObject({ name: 'Renombrada', phone: '555 0199' });
    await writeStraight("update patients set blood_group = 'B' where id = ?", [idPatient]);
    expect((await read()).detail.patient.bloodGroup).toBe('B');
    await writeStraight("update insurances set provider = 'ISSSTE' where patient_id = ?", [idPatient]);
    expect((await read()).detail.insurance?.provider).toBe('ISSSTE');
    await writeStraight("update lifestyles set tobacco_frequency = 'Nunca' where patient_id = ?", [idPatient]);
    expect((await read()).detail.lifestyle?.tobacco?.frequency).toBe('Nunca');
    await writeStraight("update professions set name = 'Arquitecta urbanista' where id = (select profession_id from patients where id = ?)", [idPatient]);
    expect((await read()).detail.profession?.name).toBe('Arquitecta urbanista');
    await writeStraight('delete from insurances where patient_id = ?', [idPatient]);
    expect((await read()).detail.insurance).toBeNull();
  });

  it("keeps a linked medic's whole answer apart from a medic's under emergency access, each with its own banner", async () => {
    const colleague = await register(app, { type: 'medic', email: uniqueEmail('urgencias') });
    const reason = 'Paciente inconsciente en urgencias, sin contacto con su médico';
    const started = await restTransport(app).emergencyAccess(colleague.access_token, patient.user.email, reason);
    expect(started.status).toBe(200);
    const linked = await app.inject({ method: 'GET', url: `/api/medics/patients/${idPatient}`, headers: bearer(medic.access_token) });
    const emergency = (await read(colleague)).detail as Detail & { emergencyAccess: { reason: string } | null };
    expect(emergency.emergencyAccess?.reason).toBe(reason);
    const linkedAgain = (await read()).detail as Detail & { emergencyAccess: unknown };
    expect(linkedAgain.emergencyAccess).toBeNull();
    expect(linkedAgain).toEqual(linked.json());
    expect({ ...emergency, emergencyAccess: null }).toEqual(linkedAgain);
  });

  it('shows the patient their own record as it is now', async () => {
    const self = async () => (await app.inject({ method: 'GET', url: '/api/patients/me', headers: bearer(patient.access_token) })).json<Detail>();
    expect((await self()).patient.name).toBe(patient.user.name);
    await writeStraight("update users set lname = 'Nueva' where id = ?", [patient.user.idUser]);
    expect((await self()).patient.lname).toBe('Nueva');
  });
});
