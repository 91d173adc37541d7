// A request's later look at the access version (its access to a patient) reuses its first look (its
// caller) only while that cannot hide a change the request should see: nothing written since by
// this server's writer, outside any transaction, within the same request.
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { buildTestApp, testConfig } from '../test/helpers';
import { accessVersionAtRequestStart, accessVersionLaterInRequest, accessVersionOf, lookInRequest } from './request-cache-version';
import { inTransaction } from '../db/in-transaction';
import { rawRun } from '../db/raw-sql';

let dir: string;
let app: FastifyInstance;
/** Another process's connection to the same file (a command-line tool). */
let other: Database.Database;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'expediente-access-version-'));
  app = await buildTestApp({ db: openDatabase(join(dir, 'expediente.db')), config: testConfig({ dataDir: dir }) });
  other = new Database(join(dir, 'expediente.db'));
  other.pragma('busy_timeout = 5000');
});

afterEach(async () => {
  other.close();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

const BUMP = 'update access_version set version = version + 1 where id = 1';
/** Another process's change: committed on its own connection, unseen by this server's writer. */
const bump = (connection: Database.Database) => connection.prepare(BUMP).run();

/** Runs `steps` as one request's handling does (app.ts opens each request's place for its first look). */
const inRequest = (steps: () => Promise<void>) => new Promise<void>((resolve, reject) => lookInRequest(() => void steps().then(resolve, reject)));

describe("a request's later look at the access version", () => {
  it('sees a change this server made since its first look at once', async () => {
    const { db } = app.deps;
    await inRequest(async () => {
      const first = await accessVersionAtRequestStart(db);
      await rawRun(db, BUMP);
      expect(await accessVersionLaterInRequest(db)).toBe(first + 1);
    });
  });

  it('sees the change a transaction of this server has made inside that transaction', async () => {
    const { db } = app.deps;
    await inRequest(async () => {
      const first = await accessVersionAtRequestStart(db);
      await inTransaction(db, async (tx) => {
        await rawRun(tx, BUMP);
        expect(await accessVersionLaterInRequest(tx)).toBe(first + 1);
      });
    });
  });

  it("keeps its first look against another process's change, which the next request sees", async () => {
    const { db } = app.deps;
    let first = 0;
    await inRequest(async () => {
      first = await accessVersionAtRequestStart(db);
      bump(other);
      // The request began before that change: what it was let in on is what it was when it began.
      expect(await accessVersionLaterInRequest(db)).toBe(first);
    });
    await inRequest(async () => {
      expect(await accessVersionAtRequestStart(db)).toBe(first + 1);
      expect(await accessVersionLaterInRequest(db)).toBe(first + 1);
    });
  });

  it('reads afresh in a request that took no first look', async () => {
    const { db } = app.deps;
    const before = await accessVersionOf(db);
    await inRequest(async () => {
      bump(other);
      expect(await accessVersionLaterInRequest(db)).toBe(before + 1);
    });
  });

  it("is not another request's first look", async () => {
    const { db } = app.deps;
    let first = 0;
    const firstLooked = inRequest(async () => {
      first = await accessVersionAtRequestStart(db);
    });
    await firstLooked;
    bump(other);
    await inRequest(async () => {
      expect(await accessVersionLaterInRequest(db)).toBe(first + 1);
    });
  });
});
