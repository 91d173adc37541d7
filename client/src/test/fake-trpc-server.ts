// Stands in for the server process, which is outside the components under test: global fetch is
// replaced by a function that answers the way tRPC's HTTP endpoint answers httpBatchLink
// (tRPC 11, no transformer) — `/trpc/a.b,c.d?batch=1`, inputs as {"0": ..., "1": ...}, and one
// `{result: {data}}` or `{error: {message, code, data}}` per call, in order — and httpLink, which
// the client uses for auth.* calls: `/trpc/a.b` with the bare input, answered by one envelope.
import { vi } from 'vitest';
import { errorStatus, type ErrorCode, type ValidationIssue } from '../../../shared/errors';
import { matchesPatientQuery, type PatientListItem } from '../../../shared/patients';

export interface FakeCall {
  path: string;
  input: unknown;
  headers: Record<string, string>;
  /** The request's AbortSignal, to tell a cancelled request. */
  signal?: AbortSignal;
}

type Answer = { data: unknown } | { error: ErrorCode; issues?: ValidationIssue[]; message?: string };
export type Handler = (input: unknown, call: FakeCall) => Answer | Promise<Answer>;

const jsonRpcCode: Record<number, { code: number; name: string }> = {
  400: { code: -32600, name: 'BAD_REQUEST' },
  401: { code: -32001, name: 'UNAUTHORIZED' },
  403: { code: -32003, name: 'FORBIDDEN' },
  404: { code: -32004, name: 'NOT_FOUND' },
  409: { code: -32009, name: 'CONFLICT' },
  413: { code: -32013, name: 'PAYLOAD_TOO_LARGE' },
  415: { code: -32015, name: 'UNSUPPORTED_MEDIA_TYPE' },
  429: { code: -32029, name: 'TOO_MANY_REQUESTS' },
  500: { code: -32603, name: 'INTERNAL_SERVER_ERROR' },
};

export const ok = (data: unknown): Answer => ({ data });
export const fail = (error: ErrorCode, issues?: ValidationIssue[]): Answer => ({ error, issues });

/**
 * medics.patientPage as the server answers it, from a medics.myPatients handler's whole list (in
 * the list's order): filtered by q as the server filters, cut into pages of `limit`.
 */
function pagesOfWholeList(wholeList: Handler): Handler {
  return async (input, call) => {
    const answer = await wholeList(undefined, call);
    if (!('data' in answer)) return answer;
    const { limit, q = '', cursor } = input as { limit: number; q?: string; cursor?: string | null };
    const found = (answer.data as { patients: PatientListItem[] }).patients.filter((patient) => matchesPatientQuery(patient, q));
    const start = cursor ? Number(cursor.replace('after-', '')) : 0;
    const end = start + limit;
    return { data: { patients: found.slice(start, end), nextCursor: end < found.length ? `after-${end}` : null, total: found.length } };
  };
}

/**
 * Installs the fake; unknown procedures answer NOT_FOUND like the real router would. Without a
 * handler of its own, medics.patientPage pages what the medics.myPatients handler answers.
 */
export function fakeTrpcServer(givenHandlers: Record<string, Handler>) {
  const wholeList = givenHandlers['medics.myPatients'];
  const handlers = wholeList && !givenHandlers['medics.patientPage'] ? { ...givenHandlers, 'medics.patientPage': pagesOfWholeList(wholeList) } : givenHandlers;
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const href = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
    const parsed = new URL(href, 'http://localhost');
    const paths = decodeURIComponent(parsed.pathname.replace(/^\/trpc\//, '')).split(',');
    const batched = parsed.searchParams.get('batch') === '1';
    const rawInput = init?.method === 'POST' ? (init.body as string | undefined) : parsed.searchParams.get('input');
    const parsedInput: unknown = rawInput ? JSON.parse(rawInput) : undefined;
    const inputs = (batched ? (parsedInput ?? {}) : { 0: parsedInput }) as Record<string, unknown>;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());

    const items = await Promise.all(
      paths.map(async (path, index) => {
        const call: FakeCall = { path, input: inputs[index], headers, signal: init?.signal ?? undefined };
        calls.push(call);
        const handler = handlers[path];
        const answer: Answer = handler ? await handler(call.input, call) : { error: 'NOT_FOUND' };
        if ('data' in answer) return { status: 200, body: { result: { data: answer.data } } };
        const status = errorStatus[answer.error];
        const rpc = jsonRpcCode[status] ?? { code: -32603, name: 'INTERNAL_SERVER_ERROR' };
        return {
          status,
          body: {
            error: {
              message: answer.message ?? answer.error,
              code: rpc.code,
              data: { code: rpc.name, httpStatus: status, path, appCode: answer.error, issues: answer.issues ?? null },
            },
          },
        };
      }),
    );
    if (!batched) {
      return new Response(JSON.stringify(items[0]!.body), { status: items[0]!.status, headers: { 'content-type': 'application/json' } });
    }
    const statuses = new Set(items.map((item) => item.status));
    return new Response(JSON.stringify(items.map((item) => item.body)), {
      status: statuses.size === 1 ? items[0]!.status : 207,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}
