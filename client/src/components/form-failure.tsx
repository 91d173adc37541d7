// Above a form, what went wrong with its last call: the form's own sentence when it has one, then the
// server's reason in the reader's language, else the form's fallback sentence (translate-error.ts).
// Nothing while there is no failure to show.
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../lib/translate-error';

interface FormFailureProps {
  error: unknown;
  /** The form's sentence for a failure, in bold before the reason. */
  title?: string;
  /** A full key (namespace:key): the reason when the server gave none. */
  fallbackKey: string;
}

export function FormFailure({ error, title, fallbackKey }: FormFailureProps) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <div role="alert" className="alert alert--error">
      {title !== undefined && (
        <>
          <strong>{title}</strong>{' '}
        </>
      )}
      {translateApiError(t, error, fallbackKey)}
    </div>
  );
}
