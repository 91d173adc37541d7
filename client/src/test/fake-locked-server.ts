// Stands in for a locked server (server/locked/): global fetch answers GET /api/health (503 locked,
// or 200 once the practice has opened and `healthChecksToOpen` more checks have passed, as the
// server takes a moment to start the practice's app), POST /api/unlock and POST /api/unlock/setup
// through the given handlers, and anything else 503 LOCKED, with API.md's error body.
import { vi } from 'vitest';

interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface LockedServerOptions {
  setup?: boolean;
  unlock?: (body: Record<string, unknown>) => Answer;
  setUp?: (body: Record<string, unknown>) => Answer;
  /** Health checks that still answer locked after the door opened. */
  healthChecksToOpen?: number;
}

export const errorBody = (status: number, code: string, issues?: { path: string; message: string }[]) => ({
  statusCode: status,
  error: 'Error',
  code,
  message: code,
  ...(issues ? { issues } : {}),
});

const json = ({ status, body, headers }: Answer) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers } });

export function fakeLockedServer(options: LockedServerOptions = {}) {
  let open = false;
  let checksLeft = options.healthChecksToOpen ?? 0;
  const posted: { path: string; body: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url, 'http://localhost').pathname;
    if (path === '/api/health') {
      if (open && checksLeft-- <= 0) return json({ status: 200, body: { status: 'ok' } });
      return json({ status: 503, body: { status: 'locked', setup: Boolean(options.setup), release: '0.0.0' } });
    }
    const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
    const handler = path === '/api/unlock' && !options.setup ? options.unlock : path === '/api/unlock/setup' && options.setup ? options.setUp : undefined;
    if (!handler) return json({ status: 503, body: errorBody(503, 'LOCKED') });
    posted.push({ path, body });
    const answer = handler(body);
    if (answer.status < 300) open = true;
    return json(answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, posted, isOpen: () => open };
}
