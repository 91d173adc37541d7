// The session lives in localStorage so a reload keeps the user signed in (SPEC §4). This module is
// the one place that reads and writes it, and it doubles as a tiny store React can subscribe to.
import type { Session, User } from '../../../shared/auth';

export const SESSION_STORAGE_KEY = 'expediente.session';

type Listener = () => void;
const listeners = new Set<Listener>();

// useSyncExternalStore needs the same object for the same stored text, or it re-renders forever.
let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

function parse(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session> | null;
    const user = value?.user;
    if (typeof value?.access_token !== 'string' || !user || typeof user !== 'object') return null;
    if (typeof user.name !== 'string' || typeof user.email !== 'string') return null;
    return value as Session;
  } catch {
    // Damaged or hand-edited storage: treat as signed out rather than crash the app.
    return null;
  }
}

function safeRead(): string | null {
  try {
    return localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function readSession(): Session | null {
  const raw = safeRead();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = parse(raw);
  }
  return cachedSession;
}

function notify() {
  for (const listener of listeners) listener();
}

export function writeSession(session: Session): void {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  notify();
}

/** A change the server has just confirmed (a new password, an edited name) kept in the stored user. */
export function updateSessionUser(changes: Partial<User>): Session | null {
  const session = readSession();
  if (!session) return null;
  const updated = { ...session, user: { ...session.user, ...changes } };
  writeSession(updated);
  return updated;
}

export function clearSession(): void {
  try {
    localStorage.removeItem(SESSION_STORAGE_KEY);
  } finally {
    notify();
  }
}

export function getAccessToken(): string | null {
  return readSession()?.access_token ?? null;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  // Signing out in one tab signs out the others too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
