// Password hashing: argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane).
import argon2 from 'argon2';

const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing runs on libuv's small thread pool; a flood of sign-ins would starve file and DNS work.
 * At most this many hashes run at once, the rest wait their turn.
 */
const MAX_CONCURRENT_HASHES = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export const hashPassword = (password: string): Promise<string> =>
  withHashSlot(() => argon2.hash(password, options));

export const verifyPassword = (hash: string, password: string): Promise<boolean> =>
  withHashSlot(() => argon2.verify(hash, password));

/**
 * A real hash of a random password, verified against when the email is unknown, so that a
 * wrong email costs as long as a wrong password and answer times do not reveal who has an account.
 */
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(await decoyHash, password);
  return false;
}
