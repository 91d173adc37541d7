// A section whose list could not be loaded: what failed, why when the server said, and a retry.
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../lib/translate-error';

interface LoadFailedProps {
  message: string;
  error: unknown;
  onRetry: () => void;
}

export function LoadFailed({ message, error, onRetry }: LoadFailedProps) {
  const { t } = useTranslation('admin');
  return (
    <div role="alert" className="alert alert--error banner">
      <span>
        {message} {translateApiError(t, error, 'admin:network')}
      </span>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
