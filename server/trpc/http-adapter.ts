// tRPC over HTTP (/trpc/:path). Reads sent as GET, one or a batch, run here through tRPC's own
// callProcedure and error shapes, and an answer whose JSON is kept (json-text.ts: a record, the
// agenda's week, a page of the list) goes out as those bytes inside tRPC's envelope, where tRPC's
// own handler would serialize the whole answer again on every read: about 200 µs for a 70 KB
// record, more than everything else the read costs. Everything else (changes, streams,
// a request that tRPC refuses before calling anything) goes to tRPC's own Fastify handler as it is,
// once a query that gives a parameter twice has been refused (input-shape.ts).
// The bytes, status and headers sent are tRPC's (http-adapter.test.ts compares the two).
import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  transformTRPCResponse,
  type AnyTRPCRouter,
  type TRPCError,
} from '@trpc/server';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode } from '@trpc/server/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toTrpcError } from '../error-mapping';
import { misshapenInputError, queryValueIssues } from '../input-shape';
import { keptWithin, toJsonBytes } from '../json-text';
import type { Context } from './context';

type TrpcOptions = FastifyTRPCPluginOptions<AnyTRPCRouter>['trpcOptions'];

export interface TrpcHttpOptions {
  router: AnyTRPCRouter;
  maxBatchSize: number;
  createContext: (request: FastifyRequest) => Promise<Context>;
  onError: (failure: { error: TRPCError; path: string | undefined }) => void;
}

interface Read {
  path: string;
  input: unknown;
}

interface Reads {
  /** Sent as a batch (?batch=1): answered as a list, even of one. */
  isBatch: boolean;
  reads: Read[];
}

// Paths made of these read the same before and after tRPC decodes them once more.
const PLAIN_PATH = /^[A-Za-z0-9.,]+$/;

/** The reads of `request` when this adapter answers it as tRPC would, or null for tRPC's own handler. */
function readsOf(request: FastifyRequest, path: string, options: TrpcHttpOptions): Reads | null {
  if (request.method !== 'GET' || !PLAIN_PATH.test(path)) return null;
  const { headers } = request;
  // Streamed answers, and a multipart body on a GET (which tRPC refuses), are tRPC's.
  if (headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl')) return null;
  if (headers['content-type']?.startsWith('multipart/form-data')) return null;
  const queryAt = request.url.indexOf('?');
  const search = new URLSearchParams(queryAt < 0 ? '' : request.url.slice(queryAt + 1));
  if (search.has('connectionParams')) return null;
  const isBatch = search.get('batch') === '1';
  const paths = isBatch ? path.split(',') : [path];
  if (paths.length > options.maxBatchSize) return null;
  for (const each of paths) {
    const procedure = Object.hasOwn(options.router._def.procedures, each) ? options.router._def.procedures[each] : undefined;
    if ((procedure as { _def?: { type?: string } } | undefined)?._def?.type !== 'query') return null;
  }
  const rawInput = search.get('input');
  let inputs: unknown;
  try {
    inputs = rawInput ? JSON.parse(rawInput) : undefined;
  } catch {
    return null;
  }
  if (!isBatch) return { isBatch, reads: [{ path, input: inputs }] };
  if (inputs !== undefined && (typeof inputs !== 'object' || inputs === null || Array.isArray(inputs))) return null;
  return { isBatch, reads: paths.map((each, index) => ({ path: each, input: (inputs as Record<number, unknown> | undefined)?.[index] })) };
}

type Outcome = { ok: true; data: unknown } | { ok: false; error: TRPCError };

async function answerReads(request: FastifyRequest, reply: FastifyReply, { isBatch, reads }: Reads, options: TrpcHttpOptions) {
  const { router } = options;
  const ctx = await options.createContext(request);
  // The calls of a batch run as tRPC's own handler runs them, at once: each in transactions of its own.
  const outcomes = await Promise.all(
    reads.map(async ({ path, input }, batchIndex): Promise<Outcome> => {
      try {
        const data: unknown = await callTRPCProcedure({ router, path, type: 'query', ctx, getRawInput: async () => input, signal: undefined, batchIndex });
        return { ok: true, data };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        options.onError({ error, path });
        return { ok: false, error };
      }
    }),
  );
  const config = router._def._config;
  const items = outcomes.map((outcome, index) =>
    outcome.ok
      ? { result: { data: outcome.data } }
      : { error: getTRPCErrorShape({ config, ctx, error: outcome.error, input: reads[index]!.input, path: reads[index]!.path, type: 'query' }) },
  );
  const data = outcomes.map((outcome) => (outcome.ok ? toJsonBytes(outcome.data) : undefined));
  const only = outcomes.length === 1 ? data[0] : undefined;
  // One kept answer (a record read, batched or not, as the client sends it): its envelope is kept
  // with it, and so are the compressed forms of the two together (compression.ts).
  const body = only
    ? keptWithin(isBatch ? '[{"result":{"data":' : '{"result":{"data":', only, isBatch ? '}}]' : '}}')
    : Buffer.concat([
        ...(isBatch ? [Buffer.from('[')] : []),
        ...outcomes.flatMap((_outcome, index) => {
          const bytes = data[index];
          // An error, or data with no JSON (undefined, which JSON.stringify leaves out), as tRPC writes it.
          const item = bytes
            ? [Buffer.from('{"result":{"data":'), bytes, Buffer.from('}}')]
            : [Buffer.from(JSON.stringify(transformTRPCResponse(config, items[index]!)))];
          return index > 0 ? [Buffer.from(','), ...item] : item;
        }),
        ...(isBatch ? [Buffer.from(']')] : []),
      ]);
  return reply.code(getHTTPStatusCode(items)).header('vary', 'trpc-accept, accept').header('content-type', 'application/json').send(body);
}

/**
 * A query parameter given more than once (two `input`s, of which tRPC would read the first) is
 * refused by the one shape rule (input-shape.ts), answered as tRPC answers a request it cannot take
 * at all: one error, not one per call of a batch. Undefined when the query is one value a parameter.
 */
function misshapenQueryAnswer(request: FastifyRequest, reply: FastifyReply, router: AnyTRPCRouter): FastifyReply | undefined {
  const misshapen = misshapenInputError(queryValueIssues(request.query as Record<string, unknown>));
  if (!misshapen) return undefined;
  const config = router._def._config;
  const json = { error: getTRPCErrorShape({ config, ctx: undefined, error: toTrpcError(misshapen), input: undefined, path: undefined, type: 'unknown' }) };
  return reply
    .code(getHTTPStatusCode(json))
    .header('vary', 'trpc-accept, accept')
    .header('content-type', 'application/json')
    .send(JSON.stringify(transformTRPCResponse(config, json)));
}

/** The answer's data goes out as its kept JSON only when tRPC would not transform it (no transformer). */
function sendsDataAsIs(router: AnyTRPCRouter): boolean {
  const probe = {};
  return router._def._config.transformer.output.serialize(probe) === probe;
}

export async function registerTrpcHttp(app: FastifyInstance, options: TrpcHttpOptions): Promise<void> {
  const answersReads = sendsDataAsIs(options.router);
  const trpcOptions: TrpcOptions = {
    router: options.router,
    maxBatchSize: options.maxBatchSize,
    createContext: ({ req }) => options.createContext(req),
    onError: ({ error, path }) => options.onError({ error, path }),
  };
  // In a scope of its own, as tRPC's plugin does: bodies reach tRPC unparsed (it parses them).
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', {}, (_request, body, done) => done(null, body));
    scope.all('/trpc/:path', async (request, reply) => {
      const { path } = request.params as { path: string };
      const refused = misshapenQueryAnswer(request, reply, options.router);
      if (refused) return refused;
      const reads = answersReads ? readsOf(request, path, options) : null;
      if (reads) return answerReads(request, reply, reads, options);
      await fastifyRequestHandler({ ...trpcOptions, req: request, res: reply, path });
    });
  });
}
