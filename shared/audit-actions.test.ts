// The one table of audit actions (audit-actions.ts) is whole: AuditEntry.action is typed by it, so
// the compiler refuses an action it does not list; this test also reads the server's source, for an
// action that reached the trail some other way (a cast, a string built at run time), and checks that
// every action in the table has a label in both languages. A refused tRPC call is audited under its
// procedure's name (RefusedProcedure), which no table lists; the review shows its code.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, isAuditAction } from './audit-actions';
import { LANGUAGES } from './constants';

const root = fileURLToPath(new URL('..', import.meta.url));

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.fixture.ts') ? [path] : [];
  });
}

const ACTION_LITERAL = /\b(?:action|ACTION)\s*[:=]\s*'([a-z][A-Za-z]*\.[A-Za-z]+)'/g;

function actionLiteralsOfTheServer(): Set<string> {
  const actions = new Set<string>();
  for (const file of sourcesUnder(join(root, 'server'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(ACTION_LITERAL)) actions.add(match[1]!);
  }
  return actions;
}

describe('the table of audit actions', () => {
  it('lists every action the server names', () => {
    const actions = [...actionLiteralsOfTheServer()];
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'patient.detail', 'prescription.void', 'practice.unlock']));
    expect(actions.filter((action) => !isAuditAction(action))).toEqual([]);
  });

  it('lists the record collections\' add, update and remove', () => {
    for (const key of ['allergies', 'pathologicalRecords', 'vitals', 'labs', 'vaccines', 'contacts', 'familyHistory']) {
      for (const verb of ['add', 'update', 'remove']) expect(isAuditAction(`${key}.${verb}`)).toBe(true);
    }
  });

  it.each(LANGUAGES)('labels every action in %s', (language) => {
    const unlabeled = Object.entries(AUDIT_ACTIONS).filter(([, labels]) => labels[language].trim() === '');
    expect(unlabeled).toEqual([]);
  });

  it('is not fooled by a name that only looks like an action', () => {
    expect(isAuditAction('patients.record')).toBe(false);
    expect(isAuditAction('toString')).toBe(false);
  });
});
