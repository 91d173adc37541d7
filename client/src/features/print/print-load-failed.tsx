// What a print route shows when its document cannot be read: the failure, and the way back to where
// the print was asked for.
import { Link } from 'wouter';

interface PrintLoadFailedProps {
  message: string;
  backHref: string;
  backLabel: string;
}

export function PrintLoadFailed({ message, backHref, backLabel }: PrintLoadFailedProps) {
  return (
    <div role="alert" className="alert alert--error banner">
      <span>{message}</span>
      <Link href={backHref} className="button button--secondary button--small">
        {backLabel}
      </Link>
    </div>
  );
}
