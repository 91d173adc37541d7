import { describe, expect, it } from 'vitest';
import { toJsonBytes, withKnownJson } from './json-text';

const toJsonText = (value: unknown) => toJsonBytes(value)?.toString('utf8');

describe('JSON bytes of answers with shared parts', () => {
  const allergies = withKnownJson(Object.freeze([{ idAllergy: 1, name: 'Penicilina', severity: 'alta', notes: 'línea\n"citada"' }]));
  const vitals = withKnownJson(Object.freeze([{ idVital: 2, weight: 72.5, height: null, taken: true }]));

  it('is byte for byte what JSON.stringify makes of the same answer', () => {
    const answer = {
      patient: { idPatient: 7, name: 'Ana', born: new Date(Date.UTC(1990, 0, 2)) },
      allergies,
      vitals,
      emergencyAccess: null,
      nothing: undefined,
      count: 3,
      'clé "rara"': 'ñ',
    };
    expect(toJsonText(answer)).toBe(JSON.stringify(answer));
  });

  it('answers arrays, primitives, null and remembered values as JSON.stringify does', () => {
    for (const value of [[1, allergies], 'texto', 12, null, true, allergies]) expect(toJsonText(value)).toBe(JSON.stringify(value));
    expect(toJsonText(undefined)).toBeUndefined();
  });

  it('uses the remembered text, so a shared part is not serialized again', () => {
    const shared = withKnownJson({ items: [1, 2, 3] });
    // Changing an unfrozen remembered value shows which text is used: the one remembered.
    shared.items.push(4);
    expect(toJsonText({ shared })).toBe('{"shared":{"items":[1,2,3]}}');
  });

  it('honours toJSON on the answer itself', () => {
    const custom = { toJSON: () => ({ replaced: true }), hidden: 1 };
    expect(toJsonText(custom)).toBe('{"replaced":true}');
  });

  it('makes an answer with no members, or only members without JSON, an empty object', () => {
    expect(toJsonText({})).toBe('{}');
    expect(toJsonText({ gone: undefined })).toBe('{}');
    expect(toJsonText({ allergies, gone: undefined })).toBe(JSON.stringify({ allergies }));
  });
});
