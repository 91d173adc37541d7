// The two doors of a locked practice (API.md "Encryption at rest"):
//   POST /api/unlock {passphrase} | {recoveryKey}  → 204, and the practice opens;
//   POST /api/unlock/setup {passphrase}            → 201 {recoveryKey}, for a new practice.
// A wrong passphrase or recovery key is 401 INVALID_CREDENTIALS, counted per address
// (unlock-attempts.ts: 429 RATE_LIMITED with Retry-After past the limit), logged without what was
// typed, and kept for the audit trail of the practice once it opens (unlock-events.ts). The body is
// read as strictly as every other (input-shape.ts, shared/practice-lock.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { setUpInput, unlockInput, type SetUpAnswer } from '../../shared/practice-lock';
import { zodIssues } from '../error-mapping';
import { AppError } from '../errors';
import { misshapenInputError, objectInputIssues, queryValueIssues } from '../input-shape';
import { createPracticeKey, openWithPassphrase, openWithRecoveryKey, PRODUCTION_ARGON2, writePracticeKeyFile, type Argon2Params, type PracticeKeyFile } from '../encryption/practice-key';
import type { UnlockAttempts } from './unlock-attempts';
import type { UnlockEvents, UnlockMethod } from './unlock-events';

/** How the practice was opened, and with which master key, for the start that opens it (index.ts). */
export interface OpenedPractice {
  masterKey: Buffer;
  how: UnlockMethod | 'setUp';
}

export interface DoorOptions {
  events: UnlockEvents;
  /** Called once, with the key, when the door has opened; later calls find it settled (`isSettled`). */
  open: (opened: OpenedPractice) => void;
  /** The practice is opening already: whatever comes next is answered as locked. */
  isSettled: () => boolean;
}

/** The body as the schema reads it, or the 400 that every other route would answer. */
function readBody<T extends z.ZodType>(request: FastifyRequest, schema: T): z.infer<T> {
  const shapeError = misshapenInputError([...objectInputIssues(request.body), ...queryValueIssues(request.query as Record<string, unknown>)]);
  if (shapeError) throw shapeError;
  const parsed = schema.safeParse(request.body ?? {});
  if (!parsed.success) throw misshapenInputError(zodIssues(parsed.error))!;
  return parsed.data;
}

const stillLocked = () => new AppError('LOCKED', 'The practice is opening: try again in a moment.');

// argon2id at 64 MiB: one check at a time, so a burst of guesses from many addresses queues
// instead of taking the machine's memory.
let passphraseChecks: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(check: () => Promise<T>): Promise<T> {
  const result = passphraseChecks.then(check, check);
  passphraseChecks = result.catch(() => undefined);
  return result;
}

export function registerUnlockRoute(app: FastifyInstance, door: DoorOptions & { keyFile: PracticeKeyFile; attempts: UnlockAttempts }): void {
  app.post('/api/unlock', async (request: FastifyRequest, reply: FastifyReply) => {
    const input = readBody(request, unlockInput);
    const method: UnlockMethod = 'passphrase' in input ? 'passphrase' : 'recoveryKey';
    if (door.isSettled()) throw stillLocked();
    const attempt = door.attempts.take(request.ip);
    if (!attempt.allowed) {
      door.events.attempt(request.ip, method, 'denied');
      request.log.warn({ ip: request.ip, method }, 'unlocking the practice refused: too many wrong attempts from this address');
      void reply.header('retry-after', String(attempt.retryAfterSeconds));
      throw new AppError('RATE_LIMITED', `Too many wrong attempts from this address: try again in ${Math.ceil(attempt.retryAfterSeconds / 60)} minutes.`);
    }
    const masterKey = 'passphrase' in input ? await oneAtATime(() => openWithPassphrase(door.keyFile, input.passphrase)) : openWithRecoveryKey(door.keyFile, input.recoveryKey);
    if (!masterKey) {
      door.events.attempt(request.ip, method, 'failure');
      request.log.warn({ ip: request.ip, method }, 'a wrong passphrase or recovery key was given to unlock the practice');
      throw new AppError('INVALID_CREDENTIALS', method === 'passphrase' ? 'Wrong passphrase.' : 'That recovery key does not open this practice.');
    }
    attempt.succeeded();
    // Two right answers at once: the first opens it, the second is told it is opening.
    if (door.isSettled()) throw stillLocked();
    door.events.opened(request.ip, method);
    door.open({ masterKey, how: method });
    return reply.code(204).send();
  });
}

export function registerSetUpRoute(app: FastifyInstance, door: DoorOptions & { dataDir: string; argon2?: Argon2Params }): void {
  let settingUp = false;
  app.post('/api/unlock/setup', async (request: FastifyRequest, reply: FastifyReply) => {
    const { passphrase } = readBody(request, setUpInput);
    // Whoever chose first chose the passphrase; a second browser is not given another key.
    if (settingUp || door.isSettled()) throw stillLocked();
    settingUp = true;
    let made: Awaited<ReturnType<typeof createPracticeKey>>;
    try {
      made = await createPracticeKey(passphrase, door.argon2 ?? PRODUCTION_ARGON2);
      // On disk before it is answered: a recovery key shown for a key that was never kept would open nothing.
      writePracticeKeyFile(door.dataDir, made.file);
    } catch (error) {
      // Nothing was kept (writePracticeKeyFile writes whole or not at all): the practice is still to be set up.
      settingUp = false;
      throw error;
    }
    const { masterKey, recoveryKey } = made;
    door.events.setUp(request.ip);
    door.open({ masterKey, how: 'setUp' });
    return reply.code(201).send({ recoveryKey } satisfies SetUpAnswer);
  });
}
