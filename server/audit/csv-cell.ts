// One CSV cell as the audit export writes it: the one place that quotes and defuses, so no column can
// reach a spreadsheet as a formula (CSV injection: a name typed as `=HYPERLINK(...)` acting when the
// administrator opens the file).
//
// - Every text cell is quoted (RFC 4180, quotes doubled); numbers and booleans are written plain, and
//   an absent value is an empty cell.
// - A cell that starts with `=`, `+`, `-`, `@`, tab or carriage return gets a leading `'`, which
//   spreadsheets show as text.
// - The same holds wherever a spreadsheet may start a cell inside our text. One that splits on `;`
//   (the default where the decimal mark is a comma, as in Spanish) reads the line `7,"x;=1+1;y"` as
//   the cells `7,"x`, `=1+1` and `y"`: a quote only counts at the start of one of its own cells.
//   So after every `;` and `,` (the two separators in use), tab (what a text import splits on by
//   default) and line break (where a reader that ignores quotes starts a row) the text is defused as
//   a cell's start is: `"x;'=1+1;y"`.
// - Leading spaces and quotes are looked through: a spreadsheet may trim spaces before it decides
//   what a cell is (LibreOffice's text import has a "Trim spaces" option), so `  =1+1` would run
//   there; and a piece that starts with `"` is a quoted cell whose text starts after the quote.
//   The `'` goes before the spaces, where nothing trims it away.

export type CsvValue = string | number | boolean | null;

const FORMULA_START = '=+\\-@\\t\\r';
/**
 * A cell's start (the text's, or just after a separator or a line break) followed by spaces and
 * quotes, then a formula's first character. Both sides are lookarounds: a tab or a carriage return
 * both starts a formula and ends a cell, so each place is matched on its own (`\t=` gets two quotes).
 */
const FORMULA_AT_A_CELL_START = new RegExp(`(?<=^|[,;\\t\\r\\n])(?=[ "]*[${FORMULA_START}])`, 'g');

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const defused = value.replace(FORMULA_AT_A_CELL_START, "'");
  return `"${defused.replaceAll('"', '""')}"`;
}

/** One record: its cells joined by commas, ended by CRLF (RFC 4180). */
export const csvLine = (cells: readonly CsvValue[]): string => `${cells.map(csvCell).join(',')}\r\n`;
