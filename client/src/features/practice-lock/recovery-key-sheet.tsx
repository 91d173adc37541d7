// The set-up page's second step: the recovery key, shown this once (the server keeps only what it
// wraps), in groups of four to read and copy without losing one's place; printed alone on its sheet
// (practice-lock.css); and kept, the user says so, before the practice opens for its first account.
// Leaving the page before that would lose it for good, so the browser asks first.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/checkbox-field';
import { OpeningStatus } from './opening-status';
import { useOpening } from './use-opening';

export function RecoveryKeySheet({ recoveryKey }: { recoveryKey: string }) {
  const { t } = useTranslation('auth');
  const opening = useOpening('/register');
  const [kept, setKept] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const keptBox = useRef<HTMLInputElement>(null);
  const sheet = useRef<HTMLElement>(null);
  const groups = recoveryKey.split('-');

  // The button that set the practice up is gone: reading goes on at the key.
  useEffect(() => sheet.current?.focus(), []);

  useEffect(() => {
    if (kept) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [kept]);

  const goOn = () => {
    if (!kept) {
      setUnconfirmed(true);
      keptBox.current?.focus();
      return;
    }
    opening.waitAndGo();
  };

  return (
    <div className="practice-lock__sheet">
      <section ref={sheet} tabIndex={-1} className="recovery-key" aria-labelledby="recovery-key-title">
        <h2 id="recovery-key-title" className="recovery-key__title">
          {t('practiceLock.recoveryKey.title')}
        </h2>
        <ol className="recovery-key__groups" aria-label={t('practiceLock.recoveryKey.groups', { count: groups.length })}>
          {groups.map((group, index) => (
            <li key={index}>
              <code>{group}</code>
            </li>
          ))}
        </ol>
        <p className="recovery-key__note">{t('practiceLock.recoveryKey.explanation')}</p>
      </section>
      <div className="practice-lock__actions">
        <p className="alert">{t('practiceLock.recoveryKey.keepApart')}</p>
        <button type="button" className="button button--secondary button--block" onClick={() => window.print()}>
          {t('practiceLock.recoveryKey.print')}
        </button>
        <CheckboxField
          ref={keptBox}
          label={t('practiceLock.recoveryKey.kept')}
          checked={kept}
          error={unconfirmed && !kept ? t('practiceLock.recoveryKey.keptRequired') : undefined}
          onChange={(event) => setKept(event.target.checked)}
        />
        {opening.state === 'idle' ? (
          <button type="button" className="button button--primary button--block" onClick={goOn}>
            {t('practiceLock.recoveryKey.continue')}
          </button>
        ) : (
          <OpeningStatus state={opening.state} onRetry={opening.waitAndGo} />
        )}
      </div>
    </div>
  );
}
