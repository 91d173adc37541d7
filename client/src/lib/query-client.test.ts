import { describe, expect, it, vi } from 'vitest';
import { QUERY_GC_MS, QUERY_STALE_MS } from '../../../shared/constants';
import { createQueryClient } from './query-client';

// Shaped like a TRPCClientError from the server: the fields the client reads are on `data`.
const apiError = (httpStatus: number, appCode: string | null = null) => Object.assign(new Error('failed'), { data: { httpStatus, appCode } });

describe('query client', () => {
  it('uses the caching defaults of SPEC §7', () => {
    const { queries } = createQueryClient(() => {}).getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: QUERY_STALE_MS, gcTime: QUERY_GC_MS, refetchOnWindowFocus: false });
  });

  it('runs changes even while offline, once: they fail rather than wait to be sent by themselves later', () => {
    const { mutations } = createQueryClient(() => {}).getDefaultOptions();
    expect(mutations).toMatchObject({ networkMode: 'always', retry: false });
  });

  it('retries once after a lost connection or a server fault, never after a 4xx answer', () => {
    const retry = createQueryClient(() => {}).getDefaultOptions().queries?.retry as (n: number, e: unknown) => boolean;
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(0, apiError(503))).toBe(true);
    expect(retry(1, apiError(503))).toBe(false);
    for (const status of [400, 401, 403, 404, 409]) expect(retry(0, apiError(status))).toBe(false);
  });

  it('reports a 401 from a query or a mutation, unless the mutation handles it itself', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient(onUnauthorized);

    await client.fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(apiError(401)) }).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);

    const run = (meta?: { handlesUnauthorized?: boolean }) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(apiError(401)), meta })
        .execute(undefined)
        .catch(() => {});
    await run();
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
    await run({ handlesUnauthorized: true });
    expect(onUnauthorized).toHaveBeenCalledTimes(2);

    await client.fetchQuery({ queryKey: ['other'], queryFn: () => Promise.reject(apiError(403)) }).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it("reports the practice's second-factor policy (403 TWO_FACTOR_REQUIRED) from a query or a mutation, and no other 403", async () => {
    const onUnauthorized = vi.fn();
    const onSecondFactorRequired = vi.fn();
    const client = createQueryClient(onUnauthorized, onSecondFactorRequired);

    await client.fetchQuery({ queryKey: ['q'], queryFn: () => Promise.reject(apiError(403, 'TWO_FACTOR_REQUIRED')) }).catch(() => {});
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(apiError(403, 'TWO_FACTOR_REQUIRED')) })
      .execute(undefined)
      .catch(() => {});
    await client.fetchQuery({ queryKey: ['other'], queryFn: () => Promise.reject(apiError(403, 'FORBIDDEN')) }).catch(() => {});

    expect(onSecondFactorRequired).toHaveBeenCalledTimes(2);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
