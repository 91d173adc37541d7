// The drugs the practice prescribed before (GET /medics/prescribed-drugs), suggested back to the
// prescribing form.
import { describe, expect, it } from 'vitest';
import type { Session } from '../../shared/auth';
import { DRUG_SUGGESTIONS_MAX, type Prescription } from '../../shared/prescriptions';
import { callerFor } from '../test/helpers';
import { app, usePrescribingPractice, call, linkedPair, appointment } from './prescriptions.fixture';

usePrescribingPractice();

describe('drugs the practice prescribed before (GET /medics/prescribed-drugs)', () => {
  const suggest = async (session: Session, q: string) => {
    const response = await call('GET', `/medics/prescribed-drugs?q=${encodeURIComponent(q)}`, session);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ drug: string; strength: string | null; form: string | null; dose: string | null }[]>();
  };

  it('suggests each drug, strength and form once, the most prescribed first, as last written, by the start of any word, regardless of case and accents', async () => {
    const { medic, idPatient } = await linkedPair();
    const visit = await appointment(medic, idPatient);
    const prescribe = (items: object[]) => call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items });
    await prescribe([{ drug: 'Ácido acetilsalicílico Xq', strength: '100 mg', form: 'comprimidos', dose: '1 comprimido' }]);
    await prescribe([{ drug: 'Ácido fólico Xq', strength: '5 mg', form: 'comprimidos' }]);
    await prescribe([{ drug: 'Ácido fólico Xq', strength: '5 mg', form: 'comprimidos', dose: '1 al día' }]);
    await prescribe([{ drug: 'Ácido acetilsalicílico Xq', strength: '500 mg', form: 'comprimidos' }]);
    await prescribe([{ drug: 'Ácido fólico Xq', strength: '5 mg', form: 'comprimidos', dose: '2 al día' }]);

    const found = await suggest(medic, 'ACIDO');
    const xq = found.filter((drug) => drug.drug.endsWith('Xq'));
    expect(xq.map((drug) => [drug.drug, drug.strength, drug.dose])).toEqual([
      ['Ácido fólico Xq', '5 mg', '2 al día'],
      ['Ácido acetilsalicílico Xq', '500 mg', null],
      ['Ácido acetilsalicílico Xq', '100 mg', '1 comprimido'],
    ]);
    expect(Object.keys(xq[0]!).sort()).toEqual(['dose', 'drug', 'duration', 'form', 'frequency', 'packages', 'presentation', 'route', 'strength']);
    expect((await suggest(medic, 'folic')).map((drug) => drug.drug)).toContain('Ácido fólico Xq');
    expect((await suggest(medic, 'xq')).length).toBe(3);
    expect(await suggest(medic, 'olico')).toEqual([]);
    expect(await suggest(medic, 'á')).toEqual([]);
  });

  it(`answers at most ${DRUG_SUGGESTIONS_MAX}, leaves out voided prescriptions, and answers only medics (403 to a patient)`, async () => {
    const { medic, patient, idPatient } = await linkedPair();
    const visit = await appointment(medic, idPatient);
    const items = Array.from({ length: DRUG_SUGGESTIONS_MAX + 2 }, (_, index) => ({ drug: `Zeta${index}` }));
    await call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items });
    expect(await suggest(medic, 'zeta')).toHaveLength(DRUG_SUGGESTIONS_MAX);
    const slip = (await call('POST', `/clinical-history/${visit.idHistory}/prescriptions`, medic, { items: [{ drug: 'Yodurox' }] })).json<Prescription>();
    expect(await suggest(medic, 'yodu')).toHaveLength(1);
    await call('POST', `/prescriptions/${slip.idPrescription}/void`, medic, { reason: 'Error' });
    expect(await suggest(medic, 'yodu')).toEqual([]);
    expect((await call('GET', '/medics/prescribed-drugs?q=zeta', patient)).statusCode).toBe(403);
    expect(await callerFor(app, medic.access_token).medics.prescribedDrugs({ q: 'zeta' })).toHaveLength(DRUG_SUGGESTIONS_MAX);
  });
});
