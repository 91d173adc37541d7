// Why a prescription, a void or an addendum was not written, said inside its dialog: the dialog is
// modal, so a toast outside it may go unheard, and what was typed stays in the form to try again.
// A missing licence number says where to add it.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { gotNoAnswer, readApiError } from '../../lib/api-error';
import { translateApiError } from '../../lib/translate-error';

interface WriteFailureProps {
  error: unknown;
  /** What did not happen: a key under prescriptions:failure. */
  what: 'prescribe' | 'void' | 'addendum';
}

export function WriteFailure({ error, what }: WriteFailureProps) {
  const { t } = useTranslation('prescriptions');
  if (!error) return null;
  const needsLicence = readApiError(error).appCode === 'LICENSE_NUMBER_REQUIRED';
  return (
    <div role="alert" className="alert alert--error">
      <p className="write-failure__text">{gotNoAnswer(error) ? t('failure.noAnswer') : `${t(`failure.${what}`)}: ${translateApiError(t, error, 'failure.network')}`}</p>
      {needsLicence && (
        <Link href="/profile" className="write-failure__link">
          {t('failure.goToProfile')}
        </Link>
      )}
    </div>
  );
}
