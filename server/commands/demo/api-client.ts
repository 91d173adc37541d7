// The demo talks to the real app as any REST client would (app.inject, no socket), so every
// rule, trigger, audit event and the document encryption apply to what it creates.
import type { FastifyInstance } from 'fastify';

type Method = 'GET' | 'POST' | 'PATCH';

export interface ApiClient {
  /** The call's JSON answer; anything but `expected` stops the demo with the server's own error body. */
  call<T = unknown>(method: Method, url: string, payload?: unknown, expected?: number): Promise<T>;
  /** A multipart upload of one file with a comment (POST /medics/patients/:id/files). */
  upload<T = unknown>(url: string, file: { bytes: Buffer; name: string; type: string }, comment: string): Promise<T>;
}

const expectedStatus = { GET: 200, POST: 201, PATCH: 200 } as const;

export function apiClient(app: FastifyInstance, token?: string): ApiClient {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  const send = async <T>(method: Method, url: string, payload: unknown, expected: number): Promise<T> => {
    // Every call comes from the machine itself, as a receptionist's browser at the desk would.
    const response = await app.inject({ method, url, headers, payload: payload as never, remoteAddress: '127.0.0.1' });
    if (response.statusCode !== expected) {
      throw new Error(`demo: ${method} ${url} answered ${response.statusCode} (expected ${expected}): ${response.body}`);
    }
    return (response.body ? response.json() : undefined) as T;
  };
  return {
    call: (method, url, payload, expected = expectedStatus[method]) => send(method, url, payload, expected),
    upload: (url, file, comment) => {
      const form = new FormData();
      form.append('comment', comment);
      form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      return send('POST', url, form, 201);
    },
  };
}
