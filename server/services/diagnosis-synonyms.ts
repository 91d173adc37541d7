// The words and abbreviations doctors type for a diagnosis ("DM2", "HTA", "EPOC", "UTI"), mapped to
// the catalog codes they mean: the catalog's own wording ("no insulinodependiente") is not what
// anyone types. Reference data is data (DESIGN.md): the list is diagnosis-synonyms.tsv beside this
// file, one row per term with the reason for its codes, read once on the first search; this module
// only reads it and looks terms up. The codes are checked against the real catalog by a test; at
// search time a code the loaded catalog does not hold is simply not answered.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compactCode } from '../../shared/catalog';
import type { Language } from '../../shared/constants';
import { LANGUAGES } from '../../shared/constants';
import { runtimePaths } from '../packaged/runtime-paths';

/** The file in the repository; the packaged binary ships its own copy (runtimePaths.synonymsFile). */
export const SYNONYMS_FILE = fileURLToPath(new URL('./diagnosis-synonyms.tsv', import.meta.url));

const HEADER = 'lang\tterm\tcodes\twhy';

/** A typed text shorter than this finds no synonym by its beginning: two letters are what "DM" or "IC" need. */
const PREFIX_MIN = 2;

export interface Synonym {
  lang: Language;
  term: string;
  /** The term as compared: see synonymKey. */
  key: string;
  /** In the order a doctor most likely means them. */
  codes: string[];
  why: string;
}

/**
 * A text as terms are compared: lower case, without accents, spaces or punctuation, so that
 * "hipertension" is "hipertensión" and "DM 2", "dm2" and "DM-2" are one term.
 */
export function synonymKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A catalog code as the catalog writes it: a letter, two digits, and a dotted subdivision or none. */
const CODE = /^[A-Z]\d{2}(?:\.[0-9A-Z]{1,4})?$/;

/** The file's rows; throws naming the line of the first row that breaks its shape, or a term listed twice. */
export function parseSynonyms(text: string): Synonym[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const synonyms: Synonym[] = [];
  const seen = new Map<string, number>();
  let header = false;
  lines.forEach((line, index) => {
    const where = `diagnosis-synonyms.tsv line ${index + 1}`;
    if (line.trim() === '' || line.startsWith('#')) return;
    if (!header) {
      if (line !== HEADER) throw new Error(`${where}: the first row must be "lang<TAB>term<TAB>codes<TAB>why"`);
      header = true;
      return;
    }
    const cells = line.split('\t').map((cell) => cell.trim());
    const [lang = '', term = '', codes = '', why = ''] = cells;
    if (cells.length !== 4 || !term || !why) throw new Error(`${where}: expected a language, a term, its codes and why, separated by tabs`);
    if (!(LANGUAGES as readonly string[]).includes(lang)) throw new Error(`${where}: "${lang}" is not a language (${LANGUAGES.join(', ')})`);
    const codeList = codes.split(/\s+/).filter(Boolean);
    const wrong = codeList.find((code) => !CODE.test(code) || !compactCode(code));
    if (codeList.length === 0 || wrong !== undefined) throw new Error(`${where}: "${wrong ?? codes}" is not a catalog code such as I10 or N39.0`);
    const key = synonymKey(term);
    if (!key) throw new Error(`${where}: the term has no letters or digits`);
    const twin = seen.get(`${lang}:${key}`);
    if (twin !== undefined) throw new Error(`${where}: "${term}" is the term of line ${twin} again`);
    seen.set(`${lang}:${key}`, index + 1);
    synonyms.push({ lang: lang as Language, term, key, codes: codeList, why });
  });
  if (!header) throw new Error('diagnosis-synonyms.tsv: the header row "lang<TAB>term<TAB>codes<TAB>why" is missing');
  return synonyms;
}

let loaded: Synonym[] | undefined;

/** The file's synonyms, read on first use and kept: it changes only with a new release. */
export function diagnosisSynonyms(): Synonym[] {
  loaded ??= parseSynonyms(readFileSync(runtimePaths.synonymsFile ?? SYNONYMS_FILE, 'utf8'));
  return loaded;
}

export interface SynonymHits {
  /** Codes of the term typed exactly: in the language asked for, then in the other one. */
  exact: string[];
  /** Codes of the asked language's terms that begin with what was typed, in the file's order. */
  prefix: string[];
}

/** The codes the typed text names as a term ("dm2" → E11), or begins one of ("diabetes" → E11, E10, …). */
export function synonymHits(text: string, lang: Language, synonyms = diagnosisSynonyms()): SynonymHits {
  const key = synonymKey(text);
  const hits: SynonymHits = { exact: [], prefix: [] };
  if (!key) return hits;
  // Another language's exact term is found too: a Spanish doctor in the English interface still types "EPOC".
  for (const language of [lang, ...LANGUAGES.filter((other) => other !== lang)]) {
    for (const synonym of synonyms) if (synonym.lang === language && synonym.key === key) hits.exact.push(...synonym.codes);
  }
  if (key.length >= PREFIX_MIN) {
    for (const synonym of synonyms) if (synonym.lang === lang && synonym.key !== key && synonym.key.startsWith(key)) hits.prefix.push(...synonym.codes);
  }
  return hits;
}
