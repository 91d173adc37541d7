// /admin/audit: the administrator's review of the audit trail (API.md "Second factor, passkeys and
// oversight"): who did what to whose record, filtered and paged, exported as CSV and verified. The
// filter and page live in the address, so a reload or the back button keeps them.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { AuditFilter } from '../../../shared/admin';
import { AuditCsvButton } from '../features/admin-audit/audit-csv-button';
import { AuditEvents } from '../features/admin-audit/audit-events';
import { AuditFilterForm } from '../features/admin-audit/audit-filter-form';
import { AUDIT_PATH, auditSearchOf, filterOf, readAuditSearch } from '../features/admin-audit/audit-search';
import { VerifyAudit } from '../features/admin-audit/verify-audit';
import { useDocumentTitle } from '../lib/use-document-title';
import '../features/admin-audit/admin-audit.css';

export function AdminAuditPage() {
  const { t } = useTranslation('audit');
  useDocumentTitle(t('title'));
  const headingId = useId();
  const [, navigate] = useLocation();
  const input = readAuditSearch(useSearch());
  const filter = filterOf(input);
  const filterSearch = auditSearchOf(filter);

  const show = (shown: AuditFilter, page = 1) => {
    const search = auditSearchOf(shown, page);
    navigate(search ? `${AUDIT_PATH}?${search}` : AUDIT_PATH);
  };

  return (
    <section className="audit-page" aria-labelledby={headingId}>
      <div>
        <h1 id={headingId} className="page-title">
          {t('title')}
        </h1>
        <p className="page-subtitle">{t('intro')}</p>
      </div>
      <div className="card audit-page__card">
        {/* Keyed by the filter, so going back to an earlier address shows that filter in the form too. */}
        <AuditFilterForm key={filterSearch} filter={filter} onApply={(applied) => show(applied)} onClear={() => show({})} />
        <div className="audit-page__actions">
          <AuditCsvButton filter={filter} />
          <VerifyAudit />
        </div>
      </div>
      <div className="card audit-page__card">
        <AuditEvents input={input} onPage={(page) => show(filter, page)} onNarrow={(narrowed) => show({ ...filter, ...narrowed })} />
      </div>
    </section>
  );
}
