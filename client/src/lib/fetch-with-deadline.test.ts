import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeadlineExceededError, fetchWithDeadline } from './fetch-with-deadline';

// Like the browser's fetch toward a server that never answers: it ends only when aborted.
function stubSilentServer() {
  const fetchMock = vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
    return new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('fetchWithDeadline', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up on a request with no answer once the deadline passes', async () => {
    vi.useFakeTimers();
    stubSilentServer();
    const result = fetchWithDeadline(10_000)('/trpc/x', { method: 'POST' });
    const settled = vi.fn();
    result.catch(settled);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toBeInstanceOf(DeadlineExceededError);
  });

  it("still ends when the caller's own signal aborts first", async () => {
    stubSilentServer();
    const caller = new AbortController();
    const result = fetchWithDeadline(10_000)('/trpc/x', { signal: caller.signal });
    caller.abort(new Error('cancelled'));
    await expect(result).rejects.toThrow('cancelled');
  });

  it('passes an answer through untouched', async () => {
    const answer = new Response('{}');
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(answer)));
    await expect(fetchWithDeadline(10_000)('/trpc/x')).resolves.toBe(answer);
  });
});
