// A page of the administrator's audit review: how few statements read it, and what is kept of it
// between reads (GET /admin/audit, admin.auditEvents).
// The practice's clock for this file: six hours behind UTC, so that a practice-local day and a UTC
// day differ, and a filter that read `at` as UTC days would fail here.
process.env.TZ = 'America/Mexico_City';

import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { engineNameOf, sqliteEngineOf } from '../db/engine';
import { rawRun } from '../db/raw-sql';
import { app, admin, medic, idPatient, useAuditReviewPractice, viaRest, viaTrpc, newFamily, insert, idsOf } from './audit-review.fixture';

useAuditReviewPractice();

/**
 * The texts of the statements run while it is watching, on either engine: on SQLite the runs of
 * its statements (every connection's share one prototype: the reader's stands for them all;
 * statements are compiled once and kept, db/sqlite-router.ts, so what counts is what runs), on
 * PostgreSQL the queries its clients send. `methods`: SQLite's statement methods watched.
 */
function watchStatements(methods: ('all' | 'get')[] = ['all', 'get']): { texts: () => string[]; stop: () => void } {
  if (engineNameOf(app.deps.db) === 'postgres') {
    const query = vi.spyOn(pg.Client.prototype, 'query');
    const textOf = (first: unknown) => (typeof first === 'string' ? first : (first as { text?: string } | null)?.text ?? '');
    return { texts: () => query.mock.calls.map(([first]) => textOf(first)), stop: () => query.mockRestore() };
  }
  const statement = Object.getPrototypeOf(sqliteEngineOf(app.deps.db).reader.prepare('select 1')) as Record<'all' | 'get', () => unknown>;
  const spies = methods.map((method) => vi.spyOn(statement, method));
  return {
    texts: () => spies.flatMap((spy) => (spy.mock.contexts as { source: string }[]).map(({ source }) => source)),
    stop: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

describe('a page of the trail', () => {
  it('is read with one statement and one count, whatever the page holds', async () => {
    const action = `${newFamily()}statements`;
    await insert(Array.from({ length: 60 }, () => ({ action, actorUserId: medic.user.idUser, actorType: 'medic' as const, patientId: idPatient })));
    const watched = watchStatements();
    try {
      const answer = await viaTrpc.read(admin, { action });
      expect(answer.body!.events).toHaveLength(50);
      // On PostgreSQL, writing the read's own audit event reads the newest row's chain first
      // (audit/audit-chain-postgres.ts): part of the event, not of the page.
      const chaining = (text: string) => /"chain"/.test(text);
      const reads = watched.texts().filter((text) => /^\s*select/i.test(text) && /audit_events/.test(text) && !chaining(text));
      expect(reads).toHaveLength(2);
    } finally {
      watched.stop();
    }
  });

  it('reads a page asked for again from memory, and the next event the filter selects on the very next read', async () => {
    const action = `${newFamily()}kept`;
    const [first] = await insert([{ action, actorUserId: medic.user.idUser, actorType: 'medic' }]);
    const watched = watchStatements(['all']);
    const pageReads = () => watched.texts().filter((text) => /from audit_events e/.test(text) && /order by e\.id/.test(text)).length;
    try {
      for (let read = 0; read < 3; read++) expect(idsOf(await viaRest.read(admin, { action }))).toEqual([first]);
      // The first two reads run the page's statement (a page is kept once asked for twice), the third does not.
      expect(pageReads()).toBe(2);
      const [next] = await insert([{ action, actorUserId: medic.user.idUser, actorType: 'medic' }]);
      const answer = await viaRest.read(admin, { action });
      expect(idsOf(answer)).toEqual([next, first]);
      expect(answer.body!.total).toBe(2);
    } finally {
      watched.stop();
    }
  });

  it("shows an account's new name on the next read of a kept page, for events from before names were kept", async () => {
    const action = `${newFamily()}renamed`;
    await insert([{ action, actorUserId: medic.user.idUser, actorType: 'medic' }]);
    const nameShown = async () => (await viaRest.read(admin, { action })).body!.events[0]!.actor!.name;
    const rename = (name: string) => rawRun(app.deps.db, 'update users set name = ? where id = ?', [name, medic.user.idUser]);
    try {
      for (let read = 0; read < 3; read++) expect(await nameShown()).toBe('Mario');
      await rename('Mariano');
      expect(await nameShown()).toBe('Mariano');
    } finally {
      await rename('Mario');
    }
  });
});
