// Every action the server writes to the audit trail has a label in both languages, so the
// administrator's review reads words rather than codes. There is no typed table of the actions yet:
// this test collects them from the server's source — every `action: '…'` literal (and `const action
// = '…'`, `…_ACTION = '…'`) outside tests and fixtures, plus the record collections' `<key>.add|
// update|remove` — and checks audit.json's `actions` in each language. A refused tRPC call is audited
// under its procedure's name; those are not collected here and show their code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.fixture.ts') ? [path] : [];
  });
}

const ACTION_LITERAL = /\b(?:action|ACTION)\s*[:=]\s*'([a-z][A-Za-z]*\.[A-Za-z]+)'/g;

function actionsTheServerWrites(): Set<string> {
  const actions = new Set<string>();
  for (const file of sourcesUnder(join(root, 'server'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(ACTION_LITERAL)) actions.add(match[1]!);
  }
  const collections = readFileSync(join(root, 'server/services/record-collections.ts'), 'utf8');
  const keys = [...collections.matchAll(/^\s*key: '([A-Za-z]+)',$/gm)].map((match) => match[1]!);
  expect(keys.length).toBeGreaterThan(0);
  expect(collections).toContain('action: `${def.key}.add`');
  for (const key of keys) for (const verb of ['add', 'update', 'remove']) actions.add(`${key}.${verb}`);
  return actions;
}

const labelOf = (language: string, action: string): unknown => {
  const { actions } = JSON.parse(readFileSync(join(root, `shared/locales/${language}/audit.json`), 'utf8')) as {
    actions: Record<string, Record<string, unknown>>;
  };
  const [family, verb] = action.split('.') as [string, string];
  return actions[family]?.[verb];
};

describe('audit action labels', () => {
  const actions = [...actionsTheServerWrites()].sort();

  it('finds the actions the server writes', () => {
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'patient.detail', 'allergies.add', 'prescription.void', 'familyHistory.remove']));
  });

  it.each(LANGUAGES)('labels every one of them in %s', (language) => {
    const missing = actions.filter((action) => {
      const label = labelOf(language, action);
      return typeof label !== 'string' || label.trim() === '';
    });
    expect(missing).toEqual([]);
  });
});
