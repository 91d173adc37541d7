// For package.test.ts: the HTTP calls its tests make to a running binary.
import { expect } from 'vitest';
import type { Session } from '../shared/auth';
import { TEST_PASSWORD } from '../server/test/helpers';

export const json = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

export async function login(url: string, email: string, password = TEST_PASSWORD): Promise<Session> {
  const response = await json(`${url}/api/auth/login`, { email, password });
  expect(response.status).toBe(200);
  return (await response.json()) as Session;
}

export async function downloadPdf(url: string, session: Session, code: string): Promise<Buffer> {
  const response = await fetch(`${url}/api/medics/files/${code}`, { headers: { authorization: `Bearer ${session.access_token}` } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}
