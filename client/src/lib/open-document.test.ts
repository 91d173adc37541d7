// Opening a document: fetched with the token, shown through an object URL revoked after 100 ms.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readApiError } from './api-error';
import { openDocument } from './open-document';
import { SESSION_STORAGE_KEY } from './session-storage';

const tab = { location: { href: '' }, close: vi.fn() };

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access_token: 'tok', user: { idUser: 1, name: 'A', lname: 'B', email: 'a@b.co', type: 'medic', phone: null, address: null } }));
  vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  URL.createObjectURL = vi.fn(() => 'blob:doc-1');
  URL.revokeObjectURL = vi.fn();
  tab.location.href = '';
  tab.close.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('openDocument', () => {
  it('fetches with the bearer token, opens the object URL and revokes it after 100 ms', async () => {
    // fetch stands in for the server, which is outside this unit.
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('%PDF-1.4', { status: 200 }));
    await openDocument('/api/medics/files/abc');
    expect(fetchMock).toHaveBeenCalledWith('/api/medics/files/abc', { headers: { Authorization: 'Bearer tok' } });
    expect(tab.location.href).toBe('blob:doc-1');
    vi.advanceTimersByTime(99);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:doc-1');
  });

  it('closes the tab and reports the server error code when the download fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'No such document.' }), { status: 404 }),
    );
    const failure = await openDocument('/api/medics/files/zzz').catch((error: unknown) => error);
    expect(readApiError(failure)).toMatchObject({ appCode: 'NOT_FOUND', httpStatus: 404 });
    expect(tab.close).toHaveBeenCalled();
  });
});
