import { describe, expect, it } from 'vitest';
import { filterPatients } from './filter-patients';
import { lucia, mateo, sofia } from './test-patients';

const all = [lucia, mateo, sofia];
const names = (query: string) => filterPatients(all, query).map((patient) => patient.name);

describe('patient list filter', () => {
  it('matches the first name, the last name, the email or the phone', () => {
    expect(names('Mateo')).toEqual(['Mateo']);
    expect(names('Ramírez')).toEqual(['Sofía']);
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
