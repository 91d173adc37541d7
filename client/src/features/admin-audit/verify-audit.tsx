// "Verify the trail": recomputes the audit chain on the server (each check is itself audited, so it
// runs only on a click) and says what it found: how many events matched and how many the sealed
// head cannot vouch for yet, or, as an alert, the first event that does not match.
import { useTranslation } from 'react-i18next';
import type { AuditVerification } from '../../../../shared/admin';
import { translateApiError } from '../../lib/translate-error';
import { trpc } from '../../lib/trpc';

export function VerifyAudit() {
  const { t } = useTranslation('audit');
  const verification = trpc.admin.verifyAudit.useQuery(undefined, { enabled: false, staleTime: 0, gcTime: 0, retry: false });
  return (
    <div className="audit-action">
      <button type="button" className="button button--secondary" onClick={() => void verification.refetch()} disabled={verification.isFetching}>
        {verification.isFetching ? t('verify.checking') : t('verify.button')}
      </button>
      {!verification.isFetching && verification.isError && (
        <p role="alert" className="alert alert--error">
          {t('verify.failed')} {translateApiError(t, verification.error, 'audit:network')}
        </p>
      )}
      {!verification.isFetching && verification.isSuccess && <VerificationResult result={verification.data} />}
    </div>
  );
}

function VerificationResult({ result }: { result: AuditVerification }) {
  const { t } = useTranslation('audit');
  if (result.ok) {
    return (
      <p role="status" className="audit-verified">
        {t('verify.ok', { count: result.checked, unsealed: result.unsealed })}
      </p>
    );
  }
  return (
    <p role="alert" className="alert alert--error">
      {result.firstBrokenId === null ? t('verify.brokenHead') : t('verify.broken', { id: result.firstBrokenId })}
    </p>
  );
}
