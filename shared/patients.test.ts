import { describe, expect, it } from 'vitest';
import { decodePatientCursor, encodePatientCursor, matchesPatientQuery, patientPageInput } from './patients';

const patients = [
  { name: 'Lucía', lname: 'Hernández Ruiz', email: 'lucia@example.com', phone: '5512345678' },
  { name: 'Mateo', lname: 'Gómez', email: 'mateo.g@example.com', phone: '5587654321' },
  { name: 'Sofía', lname: 'Ramírez', email: 'sramirez@example.com', phone: null },
];
const names = (query: string) => patients.filter((patient) => matchesPatientQuery(patient, query)).map((patient) => patient.name);

describe('the patient list filter', () => {
  it('matches the first name, the last name, the full name, the email or the phone', () => {
    expect(names('Mateo')).toEqual(['Mateo']);
    expect(names('Ramírez')).toEqual(['Sofía']);
    expect(names('sofía ram')).toEqual(['Sofía']);
    expect(names('lucia@')).toEqual(['Lucía']);
    expect(names('8765')).toEqual(['Mateo']);
  });

  it('ignores case and accents', () => {
    expect(names('HERNÁNDEZ')).toEqual(['Lucía']);
    expect(names('hernandez')).toEqual(['Lucía']);
    expect(names('SOFIA')).toEqual(['Sofía']);
  });

  it('keeps everyone for an empty or blank query, and no one for a query nothing matches', () => {
    expect(names('   ')).toEqual(['Lucía', 'Mateo', 'Sofía']);
    expect(names('zzz')).toEqual([]);
  });
});

describe('the page cursor', () => {
  it('comes back as the key it was made from, accents and all', () => {
    const key = { lname: 'Muñoz "el de Ávila"', name: 'José', idPatient: 42 };
    const cursor = encodePatientCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePatientCursor(cursor)).toEqual(key);
    expect(patientPageInput.parse({ limit: '50', cursor })).toEqual({ limit: 50, q: '', cursor: key });
  });

  it('is refused when it is anything else', () => {
    for (const cursor of ['', '*', 'YQ', btoa('[1,2,3]'), btoa('["a","b",1.5]'), btoa('["a","b",-1]')]) {
      expect(decodePatientCursor(cursor), cursor).toBeUndefined();
    }
  });
});
