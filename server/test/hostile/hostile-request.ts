// One hostile request: what it holds, how it reads in a counterexample, and how it is sent.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { CallerName, Fixture } from './fixture';
import type { RouteUnderTest } from './routes-under-test';

export interface HostileRequest {
  route: RouteUnderTest;
  caller: CallerName;
  /** Path params, already percent-encoded (or deliberately not). */
  params: Record<string, string>;
  /** Raw query string without '?', or undefined. */
  query?: string;
  contentType?: string;
  /** Raw bytes of the body, or undefined for none. */
  payload?: string | Buffer;
  /** Index into the stored documents at send time (a code uploaded earlier in the run). */
  storedCodeIndex?: number;
  /** Largest file part in a multipart body, for judging a 413. */
  largestFileBytes?: number;
  /** The caller's Authorization header, when it is not the caller's own token. */
  authorization?: string;
}

const shorten = (value: string, max = 160) => (value.length > max ? `${value.slice(0, max)}…(${value.length} chars)` : value);
/** Controls, overrides and surrogates made visible, so a counterexample can be read and retyped. */
export const visible = (value: string) =>
  // eslint-disable-next-line no-control-regex -- control characters are what this makes visible
  value.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function describeRequest(request: HostileRequest): string {
  const payload =
    request.payload === undefined
      ? 'no body'
      : Buffer.isBuffer(request.payload)
        ? `body (${request.payload.length} bytes, as latin1) ${visible(JSON.stringify(shorten(request.payload.toString('latin1'), 400)))}`
        : `body ${visible(JSON.stringify(shorten(request.payload, 400)))}`;
  const url = shorten(visible(urlOf(request, '<stored code>')), 300);
  const parts = [`${request.route.method} ${url}`, `as ${request.caller}`];
  if (request.authorization !== undefined) parts.push(`Authorization: ${JSON.stringify(shorten(request.authorization, 80))}`);
  if (request.storedCodeIndex !== undefined) parts.push(`code = stored document #${request.storedCodeIndex}`);
  parts.push(`content-type: ${request.contentType === undefined ? '(none)' : JSON.stringify(shorten(request.contentType, 80))}`, payload);
  return parts.join('; ');
}

function urlOf(request: HostileRequest, storedCode?: string): string {
  let path = request.route.path;
  for (const name of request.route.params) {
    const value = name === 'code' && request.storedCodeIndex !== undefined && storedCode !== undefined ? storedCode : request.params[name];
    path = path.replace(`:${name}`, value ?? '');
  }
  return `/api${path}${request.query === undefined ? '' : `?${request.query}`}`;
}

export const withDescription = (request: HostileRequest): HostileRequest =>
  Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });

export const ANSWER_TIMEOUT_MS = 3_000;

export interface Answer {
  request: HostileRequest;
  url: string;
  response?: LightMyRequestResponse;
  /** The request got no answer in time (a hang), or inject itself threw. */
  problem?: string;
}

export async function send(fx: Fixture, request: HostileRequest): Promise<Answer> {
  let storedCode: string | undefined;
  if (request.storedCodeIndex !== undefined) {
    const codes = await fx.fileCodes();
    storedCode = codes.length ? codes[request.storedCodeIndex % codes.length] : 'none';
  }
  const url = urlOf(request, storedCode);
  const headers: Record<string, string> = { ...fx.headersOf(request.caller) };
  if (request.authorization !== undefined) headers.authorization = request.authorization;
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ANSWER_TIMEOUT_MS);
  });
  try {
    const answer = await Promise.race([
      fx.app.inject({ method: request.route.method, url, headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) }),
      timeout,
    ]);
    if (answer === 'timeout') return { request, url, problem: `no answer within ${ANSWER_TIMEOUT_MS} ms (the request hangs)` };
    return { request, url, response: answer };
  } catch (error) {
    return { request, url, problem: `the request could not be completed: ${(error as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}
