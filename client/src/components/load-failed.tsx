// What a page or section shows when what it reads could not be loaded: the failure, why when the
// server said, and the way on (a retry, or for a print the link back). The one banner for all of them,
// so that every load failure is announced (role="alert") and looks alike.
import { Link } from 'wouter';

interface LoadFailedProps {
  /** What could not be loaded, in the reader's language. */
  message: string;
  /** Why, when known: the translated server error (translateApiError). */
  reason?: string;
  /** The retry button's label; with onRetry, the banner offers a retry. */
  retryLabel?: string;
  onRetry?: () => void;
  /** While a retry is under way the button is disabled and says so, when a label for that is given. */
  retrying?: boolean;
  retryingLabel?: string;
  /** Where there is nothing to retry (a print), the way back instead. */
  back?: { href: string; label: string };
}

export function LoadFailed({ message, reason, retryLabel, onRetry, retrying = false, retryingLabel, back }: LoadFailedProps) {
  return (
    <div role="alert" className="alert alert--error banner">
      <span>{reason === undefined ? message : `${message} ${reason}`}</span>
      {onRetry && retryLabel !== undefined && (
        <button type="button" className="button button--secondary button--small" onClick={onRetry} disabled={retrying}>
          {retrying && retryingLabel !== undefined ? retryingLabel : retryLabel}
        </button>
      )}
      {back && (
        <Link href={back.href} className="button button--secondary button--small">
          {back.label}
        </Link>
      )}
    </div>
  );
}
