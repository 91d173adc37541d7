// API.md "Data safety under faults", once on a real full disk: a server whose DATA_DIR is a small
// tmpfs, filled to the last byte. Uploads and record writes answer 507 STORAGE_FULL and change
// nothing, a refusal still answers 401, health answers 503 "full"; once space is freed, everything
// works again without a restart. Mounting needs root; where it is impossible the test says why and skips.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { release } from './release';
import type { Session } from '../shared/auth';
import { openDatabase } from './db/client';
import { bearer, buildTestApp, errorOf, linkWithConsent, register, rowCount, testConfig } from './test/helpers';
import { samplePdf } from './test/sample-files';
import { rawGet } from './db/raw-sql';
import { sqliteEngineOf } from './db/engine';

let mountPoint: string;
/** Why no tmpfs could be mounted, when none could. */
let cannotMount: string | undefined;

/** Mounts an 8 MB tmpfs on mountPoint; answers why not when it cannot (not root, a container without CAP_SYS_ADMIN). */
function mountSmallDisk(): string | undefined {
  if (process.platform !== 'linux') return `tmpfs needs Linux (this is ${process.platform})`;
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m,mode=0700', 'tmpfs', mountPoint], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `cannot mount a tmpfs here: ${stderr || (error as Error).message}`;
  }
}

/** Below the tmpfs's 8 MB, so that the emptied disk has room for an upload (health: storage "ok"). */
const UPLOAD_LIMIT = 1024 * 1024;

let app: FastifyInstance | undefined;
let medic: Session;
let idPatient: number;

// Mounted here, not when the file is collected, so that the unmount in afterAll always follows it.
beforeAll(async () => {
  mountPoint = mkdtempSync(join(tmpdir(), 'expediente-tmpfs-'));
  cannotMount = mountSmallDisk();
  if (cannotMount) return;
  app = await buildTestApp({ db: openDatabase(join(mountPoint, 'expediente.db')), config: { ...testConfig(), dataDir: mountPoint, maxUploadBytes: UPLOAD_LIMIT } });
  medic = await register(app, { type: 'medic' });
  const patient = await register(app, { type: 'patient' });
  await linkWithConsent(app, medic, patient);
  idPatient = (await rawGet<{ id: number }>(app.deps.db, 'select id from patients where user_id = ?', [patient.user.idUser]))!.id;
});

afterAll(async () => {
  await app?.close();
  if (!mountPoint) return;
  if (!cannotMount) execFileSync('umount', [mountPoint], { stdio: 'pipe' });
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Writes a file until the disk refuses another byte. */
const filler = () => join(mountPoint, 'filler');

function fillDisk(): void {
  const fd = openSync(filler(), 'w');
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size, 0x5a);
      for (;;) {
        try {
          if (writeSync(fd, chunk) < size) break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

const health = async () => {
  const response = await app!.inject({ method: 'GET', url: '/api/health' });
  return { status: response.statusCode, body: response.json() };
};
const upload = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(Buffer.concat([samplePdf, Buffer.alloc(256 * 1024, 0x20)]))], { type: 'application/pdf' }), 'informe.pdf');
  return app!.inject({ method: 'POST', url: `/api/medics/patients/${idPatient}/files`, headers: bearer(medic.access_token), payload: form });
};
const addAllergy = () =>
  app!.inject({ method: 'POST', url: `/api/patients/${idPatient}/allergies`, headers: bearer(medic.access_token), payload: { allergyName: 'Penicilina' } });
const stored = async () => ({ files: await rowCount(app!, 'files'), allergies: await rowCount(app!, 'allergies'), blobs: readdirSync(app!.deps.blobs.dir!).sort() });

describe('a DATA_DIR whose disk is full', () => {
  it('answers 507 to writes, its own status to refusals and 503 "full" to health; and recovers once space is freed', async (ctx) => {
    if (cannotMount) return ctx.skip(cannotMount);
    expect((await health()).status).toBe(200);
    const before = await stored();

    // SQLite reuses its WAL file after a checkpoint, and a write that fits in it succeeds even on a
    // full disk (rightly: it is saved). Emptied first, the WAL must grow for the next write, as a
    // busy server's sooner or later must.
    sqliteEngineOf(app!.deps.db).writer.pragma('wal_checkpoint(TRUNCATE)');
    fillDisk();
    expect(await health()).toEqual({ status: 503, body: { status: 'unavailable', database: 'full', documents: 'full', storage: { freeBytes: expect.any(Number), status: 'low' }, release: release() } });
    const refusedUpload = await upload();
    expect(refusedUpload.statusCode).toBe(507);
    expect(errorOf(refusedUpload)).toMatchObject({ statusCode: 507, code: 'STORAGE_FULL' });
    const refusedWrite = await addAllergy();
    expect(refusedWrite.statusCode).toBe(507);
    expect(errorOf(refusedWrite)).toMatchObject({ statusCode: 507, code: 'STORAGE_FULL' });
    expect((await app!.inject({ method: 'GET', url: '/api/medics/my-patients' })).statusCode).toBe(401);
    expect(await stored()).toEqual(before);

    rmSync(filler());
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'writable', documents: 'present', storage: { freeBytes: expect.any(Number), status: 'ok' }, release: release() } });
    expect((await addAllergy()).statusCode).toBe(201);
    expect((await upload()).statusCode).toBe(201);
    expect(await stored()).toMatchObject({ files: before.files + 1, allergies: before.allergies + 1 });
  });
});
