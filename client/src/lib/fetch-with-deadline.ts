// A fetch that gives up after a deadline. Saves go through it: a save that cannot reach the server
// must fail while the user is still looking at it ("No connection — nothing was saved"), not hang
// on "Saving..." and then go through by itself minutes later, when nobody expects it any more.

/** How long a save may wait for the server before it is abandoned as failed. */
export const SAVE_DEADLINE_MS = 10_000;

export class DeadlineExceededError extends Error {
  constructor(ms: number) {
    super(`No answer from the server within ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

export function fetchWithDeadline(ms: number): typeof fetch {
  return (input, init) => {
    const controller = new AbortController();
    const callerSignal = init?.signal;
    // The caller (tRPC, cancelling a request) may still abort earlier, for its own reasons.
    const followCaller = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) followCaller();
    else callerSignal?.addEventListener('abort', followCaller, { once: true });
    const timer = setTimeout(() => controller.abort(new DeadlineExceededError(ms)), ms);
    return fetch(input, { ...init, signal: controller.signal }).finally(() => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', followCaller);
    });
  };
}
