// Signs out a browser left alone (IDLE_MINUTES, told by practice.info): a medical record must not
// stay open on an unattended screen. A minute before, a dialog counts down and offers to stay
// signed in (its button, Escape or the close button). Before the warning any key or pointer use
// counts as activity; once it shows, only an answer to it does, so a passing hand on the mouse
// cannot hide it unread. Signing out this way tells the sign-in page why (session-end.ts).
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { DEFAULT_IDLE_MINUTES } from '../../../../shared/constants';
import { Modal } from '../../components/modal';
import { trpc } from '../../lib/trpc';
import { rememberSessionEnd } from './session-end';
import { useLogout } from './use-logout';

export const WARNING_SECONDS = 60;
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/**
 * `askServer` false while the password must be changed: the server then answers nothing else, and
 * the default minutes apply.
 */
export function IdleSignOut({ askServer }: { askServer: boolean }) {
  const { t } = useTranslation('auth');
  const info = trpc.practice.info.useQuery(undefined, { enabled: askServer });
  const idleMs = (info.data?.idleMinutes ?? DEFAULT_IDLE_MINUTES) * 60_000;
  const { logout } = useLogout();
  const [location] = useLocation();
  // When the countdown ends; null while nobody is being warned.
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const lastActivity = useRef(now);
  // The latest of each for the countdown, which must not restart on every render.
  const latest = useRef({ logout, location });
  useEffect(() => {
    latest.current = { logout, location };
  });

  // Quiet time: one timer, checked against the last activity when it fires rather than restarted on
  // every pointer move.
  useEffect(() => {
    if (deadline !== null) return;
    const markActive = () => {
      lastActivity.current = Date.now();
    };
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const quietFor = Date.now() - lastActivity.current;
      const warnAfter = idleMs - WARNING_SECONDS * 1000;
      if (quietFor >= warnAfter) {
        setNow(Date.now());
        setDeadline(Date.now() + WARNING_SECONDS * 1000);
      } else timer = setTimeout(check, warnAfter - quietFor);
    };
    check();
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, markActive, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, markActive, { capture: true });
    };
  }, [idleMs, deadline]);

  // The countdown, read from the clock: a background tab's timers may run late, the deadline not.
  const signedOut = useRef(false);
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      setNow(Date.now());
      if (Date.now() < deadline || signedOut.current) return;
      signedOut.current = true;
      rememberSessionEnd({ reason: 'idle', returnTo: latest.current.location });
      void latest.current.logout();
    };
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  if (deadline === null) return null;
  const stay = () => {
    lastActivity.current = Date.now();
    setDeadline(null);
  };
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <Modal title={t('idle.title', { seconds })} description={t('idle.intro')} onClose={stay}>
      <div className="form__actions">
        <button type="button" className="button button--primary" data-autofocus onClick={stay}>
          {t('idle.stay')}
        </button>
      </div>
    </Modal>
  );
}
