// Why the last session ended and where the user was, kept for the sign-in page: it says why
// ("Your session ended, sign in again") and, once signed in, takes the user back there. In
// sessionStorage: it belongs to this tab and need not outlive it.
const SESSION_END_KEY = 'expediente.sessionEnd';

export type SessionEndReason = 'expired' | 'idle';

export interface SessionEnd {
  reason: SessionEndReason;
  /** The in-app path the user was on. */
  returnTo: string;
}

export function rememberSessionEnd(end: SessionEnd): void {
  try {
    sessionStorage.setItem(SESSION_END_KEY, JSON.stringify(end));
  } catch {
    // Storage refused (private mode, full): the user still signs in, only without the note.
  }
}

export function readSessionEnd(): SessionEnd | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(SESSION_END_KEY) ?? 'null') as Partial<SessionEnd> | null;
    if ((value?.reason !== 'expired' && value?.reason !== 'idle') || typeof value.returnTo !== 'string') return null;
    return { reason: value.reason, returnTo: value.returnTo };
  } catch {
    return null;
  }
}

export function forgetSessionEnd(): void {
  try {
    sessionStorage.removeItem(SESSION_END_KEY);
  } catch {
    // Nothing was stored then.
  }
}

/** Only a path inside the app: never another site ("//host"), nor the public pages themselves. */
export function safeReturnPath(path: string | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//')) return '/dashboard';
  if (path === '/login' || path === '/register') return '/dashboard';
  return path;
}
