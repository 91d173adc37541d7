import { describe, expect, it } from 'vitest';
import { compactCode, diagnosisSearchInput } from './catalog';

describe('a typed diagnosis code', () => {
  it('is read without its dot and in upper case, whichever way it was typed', () => {
    expect(['E11.9', 'e11.9', 'E119', ' e119 '].map(compactCode)).toEqual(['E119', 'E119', 'E119', 'E119']);
    expect(compactCode('I10')).toBe('I10');
    expect(compactCode('S93.401A')).toBe('S93401A');
  });

  it('is no code when it cannot be one, so words are not looked up as codes', () => {
    for (const text of ['asma', 'diabetes tipo 2', '10', 'E 11', 'E11-9', '', 'É11']) expect(compactCode(text), text).toBeUndefined();
  });
});

describe('the diagnosis search input', () => {
  it('asks for 20 Spanish names of nothing when given nothing', () => {
    expect(diagnosisSearchInput.parse({})).toEqual({ q: '', lang: 'es', limit: 20 });
    expect(diagnosisSearchInput.parse({ q: 'asma', lang: 'en', limit: '50' })).toEqual({ q: 'asma', lang: 'en', limit: 50 });
  });
});
