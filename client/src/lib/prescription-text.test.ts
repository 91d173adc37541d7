// The item as a pharmacist reads it, in both languages.
import { describe, expect, it } from 'vitest';
import type { PrescriptionItem } from '../../../shared/prescriptions';
import { createI18n } from './i18n';
import { itemSentence } from './prescription-text';

const i18next = createI18n();

const amoxicillin: PrescriptionItem = {
  drug: 'Amoxicilina', strength: '500 mg', form: 'cápsulas', route: 'vía oral', presentation: 'Caja con 21', packages: '1 caja',
  dose: '1 cápsula', frequency: 'cada 8 horas', duration: '7 días', instructions: null,
};
const bare: PrescriptionItem = {
  drug: 'Paracetamol', strength: null, form: null, route: null, presentation: null, packages: null, dose: null, frequency: null, duration: null, instructions: null,
};

describe('a prescription item read as one sentence', () => {
  it('reads drug, strength, form and route, then dose, frequency and duration, then presentation and packages', async () => {
    await i18next.changeLanguage('es');
    expect(itemSentence(amoxicillin, i18next.t)).toBe('Amoxicilina 500 mg, cápsulas, vía oral: 1 cápsula cada 8 horas durante 7 días. Caja con 21 — 1 caja');
    await i18next.changeLanguage('en');
    expect(itemSentence({ ...amoxicillin, form: 'capsules', route: 'oral', dose: '1 capsule', frequency: 'every 8 hours', duration: '7 days', presentation: 'Box of 21' }, i18next.t)).toBe(
      'Amoxicilina 500 mg, capsules, oral: 1 capsule every 8 hours for 7 days. Box of 21 — 1 caja',
    );
  });

  it('counts a bare number of packages in the language, and leaves out what was not written', async () => {
    await i18next.changeLanguage('es');
    expect(itemSentence({ ...amoxicillin, packages: '2', instructions: 'Tomar con alimentos.' }, i18next.t)).toBe(
      'Amoxicilina 500 mg, cápsulas, vía oral: 1 cápsula cada 8 horas durante 7 días. Caja con 21 — 2 envases. Tomar con alimentos.',
    );
    expect(itemSentence(bare, i18next.t)).toBe('Paracetamol');
    await i18next.changeLanguage('en');
    expect(itemSentence({ ...bare, packages: '1' }, i18next.t)).toBe('Paracetamol. 1 package');
  });
});
