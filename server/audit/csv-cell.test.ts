// The one writer of CSV cells (csv-cell.ts): text quoted, formulas defused wherever a spreadsheet
// may start a cell, numbers and booleans plain. The export's own test reads a whole file back.
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv-cell';

describe('csvCell', () => {
  it('quotes every text, doubling its quotes, and writes numbers, booleans and absent values plain', () => {
    expect([csvCell('Núñez'), csvCell(''), csvCell('dice "hola"'), csvCell(42), csvCell(false), csvCell(null)]).toEqual([
      '"Núñez"',
      '""',
      '"dice ""hola"""',
      '42',
      'false',
      '',
    ]);
  });

  it.each([
    ['=1+1', `"'=1+1"`],
    ['+1', `"'+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\t=1', `"'\t'=1"`],
    ['\r=1', `"'\r'=1"`],
    // Spaces a spreadsheet may trim, and a quote that opens a cell, are looked through.
    ['  =1+1', `"'  =1+1"`],
    ['"=1"', `"'""=1"""`],
  ])('defuses %j at the start of the cell', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it('defuses after every ";", ",", tab and line break, where another reading starts a cell', () => {
    expect(csvCell('x;=1+1;y')).toBe(`"x;'=1+1;y"`);
    expect(csvCell('a, -2')).toBe(`"a,' -2"`);
    expect(csvCell('uno\n@dos\r\n+tres')).toBe(`"uno\n'@dos\r\n'+tres"`);
    expect(csvCell('a\t=b')).toBe(`"a\t'=b"`);
  });

  it('leaves text alone where no cell can start with a formula', () => {
    for (const value of ['2026-11-25T18:45', 'a-b', 'x=1', 'a, b', '1 + 1', 'dos\nlíneas', '::1']) expect(csvCell(value)).toBe(`"${value}"`);
  });
});

describe('csvLine', () => {
  it('joins the cells with commas and ends the record with CRLF', () => {
    expect(csvLine([7, '=x', null, true])).toBe(`7,"'=x",,true\r\n`);
  });
});
