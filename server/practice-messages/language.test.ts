// The binary and the scripts speak Spanish unless the practice's setting or locale says English.
import { describe, expect, it } from 'vitest';
import { en } from './en/index';
import { es } from './es/index';
import { practiceLanguage } from './language';
import { practiceText } from './practice-text';

describe("the practice's language for the commands", () => {
  it.each([
    [{}, 'es'],
    [{ LANG: 'C.UTF-8' }, 'es'],
    [{ LANG: 'POSIX' }, 'es'],
    [{ LANG: 'es_MX.UTF-8' }, 'es'],
    [{ LANG: 'en_US.UTF-8' }, 'en'],
    [{ LANG: 'en' }, 'en'],
    [{ LANG: 'es_ES.UTF-8', LC_MESSAGES: 'en_GB.UTF-8' }, 'en'],
    [{ LANG: 'en_US.UTF-8', LC_ALL: 'es_ES.UTF-8' }, 'es'],
    [{ LANG: 'en_US.UTF-8', EXPEDIENTE_LANGUAGE: 'es' }, 'es'],
    [{ LANG: 'es_ES.UTF-8', EXPEDIENTE_LANGUAGE: 'EN' }, 'en'],
    // A setting that is neither falls back to the locale, not to an error.
    [{ LANG: 'en_US.UTF-8', EXPEDIENTE_LANGUAGE: 'fr' }, 'en'],
    [{ LANG: 'english' }, 'es'],
  ] as const)('%o speaks %s', (env, language) => {
    expect(practiceLanguage(env)).toBe(language);
    expect(practiceText(env)).toBe(language === 'en' ? en : es);
  });

  it('has every message in both languages, none of the fixed texts left untranslated', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(es).sort());
    const untranslated = Object.keys(es).filter((key) => {
      const spanish = es[key as keyof typeof es];
      const english = en[key as keyof typeof en];
      return typeof spanish === 'string' && spanish === english;
    });
    expect(untranslated).toEqual([]);
  });
});
