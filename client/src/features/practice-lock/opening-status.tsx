// What the page says while the practice's app starts after the door opened (use-opening.ts).
import { useTranslation } from 'react-i18next';
import type { OpeningState } from './use-opening';

export function OpeningStatus({ state, onRetry }: { state: OpeningState; onRetry: () => void }) {
  const { t } = useTranslation('auth');
  if (state === 'idle') return null;
  if (state === 'waiting') {
    return (
      <div role="status" className="spinner">
        <span className="spinner__circle" aria-hidden="true" />
        <span className="spinner__text">{t('practiceLock.opening.waiting')}</span>
      </div>
    );
  }
  return (
    <div role="alert" className="alert alert--error">
      <p>{t('practiceLock.opening.slow')}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('practiceLock.opening.retry')}
      </button>
    </div>
  );
}
