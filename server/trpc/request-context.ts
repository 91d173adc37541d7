// Builds the procedure context from a Fastify request, for tRPC and the REST adapter alike.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { createContext, type AppDeps, type Context } from './context';

export type ContextFromRequest = (request: FastifyRequest) => Promise<Context>;

/**
 * tRPC names every procedure of a batch in the path, comma-separated: /trpc/a.b,c.d?batch=1. It
 * splits the decoded path, so the commas are counted there too: `%2C` and `%2c` are commas to tRPC.
 */
export function batchSizeOf(url: string): number {
  if (!url.startsWith('/trpc/')) return 1;
  const rawPath = url.slice('/trpc/'.length).split('?')[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // A path that does not decode names no procedure tRPC can find; count what can be seen.
    path = rawPath;
  }
  return path.split(',').length;
}

export function contextFromRequestFactory(
  app: FastifyInstance,
  deps: AppDeps,
  authFlood: { max: number; timeWindowMs: number },
): ContextFromRequest {
  const checkAuthFlood = app.createRateLimit({ max: authFlood.max, timeWindow: authFlood.timeWindowMs });
  return (request) =>
    createContext(deps, {
      authorization: request.headers.authorization,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      batchSize: batchSizeOf(request.url),
      guardAuthFlood: async () => {
        const limit = await checkAuthFlood(request);
        if (!limit.isAllowed && limit.isExceeded) throw new AppError('RATE_LIMITED', 'Too many sign-in or registration requests from this address. Please wait a minute and try again.');
      },
    });
}
