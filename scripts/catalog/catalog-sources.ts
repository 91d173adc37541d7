// Reads the two openly licensed source files of the diagnosis catalog (scripts/catalog/SOURCES.md)
// into `code -> name` maps, and writes them in the format the server loads
// (server/services/diagnosis-catalog-loader.ts): UTF-8, `code<TAB>name`, sorted, codes with the dot.
// Pure functions over bytes and text, so the conversion is tested without the sources themselves.

// Runs of spaces (the SIIGS file has double spaces where its export dropped commas, and a
// no-break space after one code) become one space; ends are trimmed.
const tidy = (text: string): string => text.replace(/[\s\u00a0]+/g, ' ').trim();

/** `E119` → `E11.9`, `A00` → `A00`, ICD-10-CM `S72001A` → `S72.001A`. */
export const withDot = (code: string): string => (code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code);

/**
 * SIIGS `cie10.csv`: ISO-8859-1 (no bytes in 0x80–0x9F, so not Windows-1252), header
 * `cie10,descripcion`, codes without a dot. `I10X` is the source's spelling of the three-character
 * category I10 (one without subdivisions). Nine categories appear both as `ABC` and as a legacy
 * `ABCX` row: the category row is kept.
 */
export function readCie10Es(bytes: Buffer): Map<string, string> {
  const lines = bytes.toString('latin1').split(/\r?\n/);
  if (tidy(lines[0] ?? '') !== 'cie10,descripcion') throw new Error(`cie10.csv: unexpected header ${JSON.stringify(lines[0])}`);
  const names = new Map<string, string>();
  const fromLegacyX = new Set<string>();
  for (const [index, line] of lines.entries()) {
    if (index === 0 || line.trim() === '') continue;
    const comma = line.indexOf(',');
    const raw = tidy(line.slice(0, comma)).toUpperCase();
    const name = tidy(line.slice(comma + 1));
    if (comma < 0 || !/^[A-Z]\d{2}[0-9X]?$/.test(raw) || name === '') {
      throw new Error(`cie10.csv line ${index + 1}: not a code and a name: ${JSON.stringify(line)}`);
    }
    const isLegacyX = raw.length === 4 && raw.endsWith('X');
    const code = isLegacyX ? raw.slice(0, 3) : withDot(raw);
    const previous = names.get(code);
    if (previous !== undefined) {
      if (isLegacyX) continue;
      if (!fromLegacyX.has(code) && previous !== name) throw new Error(`cie10.csv line ${index + 1}: ${code} twice with different names`);
    }
    names.set(code, name);
    if (isLegacyX) fromLegacyX.add(code);
    else fromLegacyX.delete(code);
  }
  return names;
}

/**
 * The CMS/NCHS ICD-10-CM "order" file, fixed width: order number (5), space, code (7, left-aligned),
 * space, 0/1 (billable), space, short description (60), space, long description (used here).
 */
export function readIcd10CmOrder(text: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    const code = /^\d{5} ([A-Z0-9]{3,7}) *[01] /.exec(line)?.[1];
    const name = tidy(line.slice(77));
    if (!code || name === '') throw new Error(`ICD-10-CM order file line ${index + 1}: not an order row: ${JSON.stringify(line)}`);
    names.set(withDot(code), name);
  }
  return names;
}

/** English names only for the Spanish catalog's codes, so both languages list the same catalog. */
export function englishNamesOf(spanish: Map<string, string>, icd10cm: Map<string, string>): Map<string, string> {
  const english = new Map<string, string>();
  for (const code of spanish.keys()) {
    const name = icd10cm.get(code);
    if (name !== undefined) english.set(code, name);
  }
  return english;
}

/** The loader's format, rows in plain code-point order. */
export function catalogTsv(rows: Map<string, string>): string {
  const codes = [...rows.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `code\tname\n${codes.map((code) => `${code}\t${rows.get(code)}`).join('\n')}\n`;
}
