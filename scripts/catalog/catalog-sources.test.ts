// The catalog's conversion, on small inputs written here in the sources' own formats: what a
// rebuild from the real files does to each kind of row SOURCES.md describes.
import { describe, expect, it } from 'vitest';
import { catalogTsv, englishNamesOf, readCie10Es, readIcd10CmOrder, withDot } from './catalog-sources';

const latin1 = (text: string) => Buffer.from(text, 'latin1');

describe('the Spanish CIE-10 source (SIIGS cie10.csv)', () => {
  it('reads ISO-8859-1 names with their accents and puts the dot after the third character', () => {
    const names = readCie10Es(latin1('cie10,descripcion\r\nE11,Diabetes mellitus no insulinodependiente\r\nE119,Diabetes mellitus no insulinodependiente  sin mención de complicación\r\n'));
    expect(names.get('E11')).toBe('Diabetes mellitus no insulinodependiente');
    // Double spaces (a comma lost in the export) become one: the comma cannot be restored safely.
    expect(names.get('E11.9')).toBe('Diabetes mellitus no insulinodependiente sin mención de complicación');
  });

  it('reads the legacy ABCX spelling as the category without subdivisions, and keeps the category row when both exist', () => {
    const names = readCie10Es(latin1('cie10,descripcion\nI10X,Hipertensión esencial (primaria)\nA09,Diarrea y gastroenteritis de presunto origen infeccioso\nA09X,Diarrea (antigua)\nA090,Otras gastroenteritis\n'));
    expect([...names]).toEqual([
      ['I10', 'Hipertensión esencial (primaria)'],
      ['A09', 'Diarrea y gastroenteritis de presunto origen infeccioso'],
      ['A09.0', 'Otras gastroenteritis'],
    ]);
  });

  it('trims the no-break space one code carries', () => {
    expect(readCie10Es(latin1('cie10,descripcion\nB98\u00a0,Otros agentes infecciosos\n')).get('B98')).toBe('Otros agentes infecciosos');
  });

  it('refuses a file with another header, a row without a code, or one code with two names', () => {
    expect(() => readCie10Es(latin1('code,name\nA00,Cólera\n'))).toThrow(/header/);
    expect(() => readCie10Es(latin1('cie10,descripcion\nnot a code,Cólera\n'))).toThrow(/line 2/);
    expect(() => readCie10Es(latin1('cie10,descripcion\nA00,Cólera\nA00,Otra cosa\n'))).toThrow(/A00 twice/);
  });
});

describe('the English ICD-10-CM order file', () => {
  const row = (order: number, code: string, billable: 0 | 1, short: string, long: string) =>
    `${String(order).padStart(5, '0')} ${code.padEnd(7)} ${billable} ${short.padEnd(60)} ${long}`;

  it('takes the long description of each code, header rows too, with the dot', () => {
    const names = readIcd10CmOrder([row(1, 'E11', 0, 'Type 2 diabetes mellitus', 'Type 2 diabetes mellitus'), row(2, 'E119', 1, 'Type 2 diabetes mellitus without complications', 'Type 2 diabetes mellitus without complications'), ''].join('\r\n'));
    expect([...names]).toEqual([
      ['E11', 'Type 2 diabetes mellitus'],
      ['E11.9', 'Type 2 diabetes mellitus without complications'],
    ]);
  });

  it('refuses a line that is not an order row, naming it', () => {
    expect(() => readIcd10CmOrder('E11 Type 2 diabetes mellitus')).toThrow(/line 1/);
  });
});

describe('the catalog files the server loads', () => {
  it('names in English only the codes of the Spanish catalog', () => {
    const spanish = new Map([['I10', 'Hipertensión esencial (primaria)'], ['E14', 'Diabetes mellitus no especificada']]);
    const icd10cm = new Map([['I10', 'Essential (primary) hypertension'], ['S72.001A', 'Fracture of unspecified part of neck of right femur, initial encounter']]);
    expect([...englishNamesOf(spanish, icd10cm)]).toEqual([['I10', 'Essential (primary) hypertension']]);
  });

  it('writes code<TAB>name rows after the header, in code-point order', () => {
    expect(catalogTsv(new Map([['I10', 'Hipertensión'], ['A00.1', 'Cólera'], ['A00', 'Cólera']]))).toBe('code\tname\nA00\tCólera\nA00.1\tCólera\nI10\tHipertensión\n');
    expect(withDot('S72001A')).toBe('S72.001A');
  });
});
