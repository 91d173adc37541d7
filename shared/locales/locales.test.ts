// The two languages must never drift apart: a key missing in one language shows up as a raw key
// on screen, and the server writes its English error messages from en/errors.json.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { errorStatus } from '../errors';
import { LANGUAGES } from '../constants';

const dir = fileURLToPath(new URL('.', import.meta.url));
const filesOf = (language: string) =>
  readdirSync(`${dir}/${language}`)
    .filter((name) => name.endsWith('.json'))
    .sort();
const load = (language: string, file: string): unknown =>
  JSON.parse(readFileSync(`${dir}/${language}/${file}`, 'utf8'));

/** Every leaf as "a.b.c" → value, so nested namespaces compare key by key. */
function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

describe('translation files', () => {
  const [first, ...others] = LANGUAGES;

  it('exist for every language with the same file names', () => {
    expect(filesOf(first).length).toBeGreaterThan(0);
    for (const language of others) expect(filesOf(language)).toEqual(filesOf(first));
  });

  for (const file of filesOf(first)) {
    it(`${file} has the same keys in every language`, () => {
      const reference = [...flatten(load(first, file)).keys()].sort();
      for (const language of others) {
        expect([...flatten(load(language, file)).keys()].sort(), `${language}/${file}`).toEqual(reference);
      }
    });
  }

  it('has no empty or non-text values', () => {
    for (const language of LANGUAGES) {
      for (const file of filesOf(language)) {
        for (const [key, value] of flatten(load(language, file))) {
          expect(typeof value === 'string' && value.trim() !== '', `${language}/${file} ${key}`).toBe(true);
        }
      }
    }
  });

  it('errors.json is flat and names exactly the error codes', () => {
    for (const language of LANGUAGES) {
      const errors = load(language, 'errors.json') as Record<string, unknown>;
      expect(Object.keys(errors).sort(), language).toEqual(Object.keys(errorStatus).sort());
      for (const value of Object.values(errors)) expect(typeof value).toBe('string');
    }
  });

  it('validation.json is flat and covers every key used by the shared schemas', () => {
    const used = new Set<string>();
    for (const file of readdirSync(`${dir}/..`).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      for (const match of readFileSync(`${dir}/../${file}`, 'utf8').matchAll(/'validation\.([A-Za-z]+)'/g)) {
        used.add(match[1]!);
      }
    }
    expect(used.size).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      const validation = load(language, 'validation.json') as Record<string, unknown>;
      for (const value of Object.values(validation)) expect(typeof value).toBe('string');
      for (const key of used) expect(validation, `${language}/validation.json`).toHaveProperty(key);
    }
  });
});
