// What the page says while the practice's app starts after the door opened (use-opening.ts).
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/load-failed';
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
    <LoadFailed message={t('practiceLock.opening.slow')} retryLabel={t('practiceLock.opening.retry')} onRetry={onRetry} />
  );
}
