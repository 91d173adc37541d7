// A page of the administrator's audit review: how few statements read it, and what is kept of it
// between reads (GET /admin/audit, admin.auditEvents).
// The practice's clock for this file: six hours behind UTC, so that a practice-local day and a UTC
// day differ, and a filter that read `at` as UTC days would fail here.
process.env.TZ = 'America/Mexico_City';

import { describe, expect, it, vi } from 'vitest';
import { sqliteEngineOf } from '../db/engine';
import { rawRun } from '../db/raw-sql';
import { app, admin, medic, idPatient, useAuditReviewPractice, viaRest, viaTrpc, newFamily, insert, idsOf } from './audit-review.fixture';

useAuditReviewPractice();

// SQLite dialect: the statements of the SQLite engine, spied on through their prototype.
/** A statement of the SQLite engine, for its prototype. */
const sqliteStatement = () => sqliteEngineOf(app.deps.db).reader.prepare('select 1');

describe('a page of the trail', () => {
  it('is read with one statement and one count, whatever the page holds', async () => {
    const action = `${newFamily()}statements`;
    await insert(Array.from({ length: 60 }, () => ({ action, actorUserId: medic.user.idUser, actorType: 'medic' as const, patientId: idPatient })));
    // Statements are compiled once and kept (db/sqlite-router.ts): what counts is what runs. Every
    // connection's statements share one prototype: the reader's stands for them all.
    const statement = Object.getPrototypeOf(sqliteStatement()) as { all: () => unknown; get: () => unknown };
    const all = vi.spyOn(statement, 'all');
    const get = vi.spyOn(statement, 'get');
    try {
      const answer = await viaTrpc.read(admin, { action });
      expect(answer.body!.events).toHaveLength(50);
      const ran = [...all.mock.contexts, ...get.mock.contexts] as { source: string }[];
      const reads = ran.map(({ source }) => source).filter((text) => /^\s*select/i.test(text) && /audit_events/.test(text));
      expect(reads).toHaveLength(2);
    } finally {
      all.mockRestore();
      get.mockRestore();
    }
  });

  it('reads a page asked for again from memory, and the next event the filter selects on the very next read', async () => {
    const action = `${newFamily()}kept`;
    const [first] = await insert([{ action, actorUserId: medic.user.idUser, actorType: 'medic' }]);
    const statement = Object.getPrototypeOf(sqliteStatement()) as { all: () => unknown };
    const all = vi.spyOn(statement, 'all');
    const pageReads = () => (all.mock.contexts as { source: string }[]).filter(({ source }) => /from audit_events e/.test(source) && /order by e\.id/.test(source)).length;
    try {
      for (let read = 0; read < 3; read++) expect(idsOf(await viaRest.read(admin, { action }))).toEqual([first]);
      // The first two reads run the page's statement (a page is kept once asked for twice), the third does not.
      expect(pageReads()).toBe(2);
      const [next] = await insert([{ action, actorUserId: medic.user.idUser, actorType: 'medic' }]);
      const answer = await viaRest.read(admin, { action });
      expect(idsOf(answer)).toEqual([next, first]);
      expect(answer.body!.total).toBe(2);
    } finally {
      all.mockRestore();
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
