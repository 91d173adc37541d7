// The locked server's own calls (server/locked/unlock-routes.ts): plain REST, as a locked server has
// no tRPC. Failures are RestCallErrors, read like any other call's (lib/api-error.ts).
import type { LockedHealthBody, SetUpAnswer, UnlockInput } from '../../../../shared/practice-lock';
import { errorFromResponse, RestCallError } from '../../lib/rest-call';

async function postJson(path: string, body: unknown): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new RestCallError(0, null);
  }
  if (!response.ok) {
    const error = await errorFromResponse(response);
    // How long to wait after too many wrong attempts, for the page to say.
    const retryAfter = Number(response.headers.get('retry-after'));
    throw Object.assign(error, { retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null });
  }
  return response;
}

/** 204: the practice opens (the server restarts its app in place meanwhile). */
export async function unlockPractice(input: UnlockInput): Promise<void> {
  await postJson('/api/unlock', input);
}

/** 201 with the recovery key, shown this once. */
export async function setUpPractice(passphrase: string): Promise<string> {
  const response = await postJson('/api/unlock/setup', { passphrase });
  return ((await response.json()) as SetUpAnswer).recoveryKey;
}

/** Seconds to wait that a 429 named, if any. */
export const retryAfterOf = (error: unknown): number | null => (error as { retryAfterSeconds?: number | null } | null)?.retryAfterSeconds ?? null;

export type HealthState = 'open' | 'locked' | 'setup' | 'unknown';

/** What GET /api/health says now: open (200), locked or to be set up (503 locked), or unknown (no answer yet, or another failure). */
export async function practiceHealth(signal?: AbortSignal): Promise<HealthState> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store', signal });
    if (response.ok) return 'open';
    const body = (await response.json().catch(() => null)) as Partial<LockedHealthBody> | null;
    if (body?.status === 'locked') return body.setup ? 'setup' : 'locked';
    return 'unknown';
  } catch {
    return 'unknown';
  }
}

const POLL_MS = 500;

/** Resolves once the practice's app answers health with 200, asking every half second; false when `signal` gave up first. */
export async function waitUntilOpen(signal: AbortSignal): Promise<boolean> {
  while (!signal.aborted) {
    if ((await practiceHealth(signal)) === 'open') return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}
