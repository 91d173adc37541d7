// Short-lived messages after an action (SPEC §8 "Success alerts" and the failures shown as alerts).
// Successes are polite (role="status"), failures assertive (role="alert"). Each one hides by itself
// after a few seconds, but not while the pointer or focus is on it, so it can still be read or
// dismissed (WCAG 2.2.1); the close button dismisses it at once. What was said belongs to the
// session it was said in: signing out (or another user signing in) takes every toast away, so the
// sign-in page never shows the last user's "passkey added".
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/auth/use-session';
import { CloseIcon } from './icons';
import { MAIN_CONTENT_ID } from './skip-link';

export const TOAST_SUCCESS_MS = 5000;
export const TOAST_ERROR_MS = 8000;

type ToastKind = 'success' | 'error';

interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  detail?: string;
}

interface ToastApi {
  success(title: string, detail?: string): void;
  error(title: string, detail?: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a <ToastProvider> above it');
  return api;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  // Whose toasts these are: when that user signs out, theirs go (a first sign-in keeps what was said before it).
  const user = useSession()?.user.idUser ?? null;
  const [toastsOf, setToastsOf] = useState(user);
  if (toastsOf !== user) {
    setToastsOf(user);
    if (toastsOf !== null) setToasts([]);
  }

  const regionRef = useRef<HTMLElement>(null);
  // Where focus was before it entered the toasts, to hand it back when the toast holding it closes:
  // otherwise focus falls to <body> and a keyboard user starts over from the top.
  const focusBefore = useRef<HTMLElement | null>(null);
  const dismiss = useCallback((id: number) => {
    const region = regionRef.current;
    if (region?.contains(document.activeElement) && document.activeElement?.closest(`[data-toast-id="${id}"]`)) {
      const back = focusBefore.current?.isConnected ? focusBefore.current : document.getElementById(MAIN_CONTENT_ID);
      back?.focus();
    }
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);
  const push = useCallback((kind: ToastKind, title: string, detail?: string) => {
    const id = nextId.current++;
    setToasts((list) => [...list, { id, kind, title, detail }]);
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ success: (title, detail) => push('success', title, detail), error: (title, detail) => push('error', title, detail) }),
    [push],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        ref={regionRef}
        className="toasts"
        aria-label={t('toast.region')}
        onFocus={(event) => {
          const from = event.relatedTarget;
          if (from instanceof HTMLElement && !event.currentTarget.contains(from)) focusBefore.current = from;
        }}
      >
        {toasts.map((toast) => (
          <ToastMessage key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} dismissLabel={t('toast.dismiss')} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function ToastMessage({ toast, onDismiss, dismissLabel }: { toast: Toast; onDismiss: () => void; dismissLabel: string }) {
  const [paused, setPaused] = useState(false);
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  });

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismissRef.current(), toast.kind === 'error' ? TOAST_ERROR_MS : TOAST_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.kind]);

  return (
    <div
      data-toast-id={toast.id}
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span className="toast__icon" aria-hidden="true">
        {toast.kind === 'error' ? '!' : '✓'}
      </span>
      <p className="toast__text">
        <span className="toast__title">{toast.title}</span>
        {toast.detail && (
          <>
            {' '}
            <span className="toast__detail">{toast.detail}</span>
          </>
        )}
      </p>
      <button type="button" className="icon-button toast__close" aria-label={dismissLabel} onClick={onDismiss}>
        <CloseIcon />
      </button>
    </div>
  );
}
