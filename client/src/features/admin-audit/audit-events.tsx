// One page of the audit trail, newest first (the server's order), with its paging. Each filter and
// page is asked afresh: the trail grows behind the administrator's back. Emergency accesses say so
// in words beside the action, not by colour alone.
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuditEvent, AuditEventsInput } from '../../../../shared/admin';
import { Spinner } from '../../components/spinner';
import { DataTable } from '../../components/data-table';
import { translateApiError } from '../../lib/translate-error';
import { trpc } from '../../lib/trpc';
import { useFormatters } from '../../lib/use-formatters';
import { auditActionLabel } from './audit-action-label';
import { LoadFailed } from '../../components/load-failed';

/** Narrow the filter to one user or one patient of a row (the ids are what the filter takes). */
export type NarrowAuditFilter = (narrowed: { idUser: number } | { idPatient: number }) => void;

interface AuditEventsProps {
  input: AuditEventsInput & { page: number };
  onPage: (page: number) => void;
  onNarrow: NarrowAuditFilter;
}

export function AuditEvents({ input, onPage, onNarrow }: AuditEventsProps) {
  const { t } = useTranslation('audit');
  const events = trpc.admin.auditEvents.useQuery(input, { staleTime: 0, placeholderData: keepPreviousData });

  if (events.isPending) return <Spinner />;
  if (events.isError) {
    return (
      <LoadFailed message={t('loadFailed')} reason={translateApiError(t, events.error, 'audit:network')} retryLabel={t('retry')} onRetry={() => void events.refetch()} />
    );
  }
  const { page, pageSize, total } = events.data;
  if (events.data.events.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">{t('empty')}</p>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      {/* Each event stacks on a phone; between a phone and a desktop the table scrolls inside its box. */}
      <DataTable
        label={t('table.caption')}
        namedBy="caption"
        busy={events.isPlaceholderData}
        className="data-table data-table--stacked audit-table"
        headings={[t('table.at'), t('table.actor'), t('table.action'), t('table.patient'), t('table.outcome'), t('table.ip'), t('table.detail')]}
      >
        <tbody>
          {events.data.events.map((event) => (
            <AuditEventRow key={event.id} event={event} input={input} onNarrow={onNarrow} />
          ))}
        </tbody>
      </DataTable>
      <nav className="audit-pager" aria-label={t('pages')}>
        <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('previous')}
        </button>
        <span className="audit-pager__status" aria-live="polite">
          {t('pageOf', { page, pages })} · {t('total', { count: total })}
        </span>
        <button type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('next')}
        </button>
      </nav>
    </>
  );
}

interface AuditEventRowProps {
  event: AuditEvent;
  input: AuditEventsInput;
  onNarrow: NarrowAuditFilter;
}

function AuditEventRow({ event, input, onNarrow }: AuditEventRowProps) {
  const { t, i18n } = useTranslation('audit');
  const format = useFormatters();
  const { actor, patient } = event;
  // Short in the cell ("4/3/26, 15:30"), whole in its tooltip: the column stays narrow.
  const shortAt = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(event.at));
  const actorName = actor ? `${actor.name} ${actor.lname}`.trim() : '';
  const patientName = patient ? `${patient.name} ${patient.lname}`.trim() : '';
  const label = auditActionLabel(i18n.resolvedLanguage, event.action);
  return (
    <tr className={event.emergency ? 'audit-table__emergency' : undefined}>
      <td data-label={t('table.at')}>
        <time dateTime={event.at} title={format.date(event.at)}>
          {shortAt}
        </time>
      </td>
      <td data-label={t('table.actor')}>
        {actor ? (
          <>
            <span className="audit-table__name">{actorName}</span>{' '}
            <span className="audit-table__muted">
              {t(`actorTypes.${actor.type}`)}, {t('table.userId', { id: actor.idUser })}
            </span>
            {input.idUser !== actor.idUser && (
              <NarrowButton label={t('table.onlyUser', { name: actorName || t('table.userId', { id: actor.idUser }) })} onClick={() => onNarrow({ idUser: actor.idUser })} />
            )}
          </>
        ) : (
          <span className="audit-table__muted">{t('table.nobody')}</span>
        )}
      </td>
      <td data-label={t('table.action')}>
        {/* The label reads; the code beneath is what the filter's "Other…" field and the CSV take. */}
        {label === event.action ? (
          <code>{event.action}</code>
        ) : (
          <>
            <span className="audit-table__action">{label}</span>
            <code className="audit-table__code">{event.action}</code>
          </>
        )}
        {event.emergency && <span className="tag audit-tag--emergency">{t('table.emergency')}</span>}
      </td>
      <td data-label={t('table.patient')}>
        {event.idPatient !== null && (
          <>
            {/* The name when the answer has it (the id as its tooltip), the id when it has not. */}
            {patientName ? (
              <span className="audit-table__name" title={t('table.patientId', { id: event.idPatient })}>
                {patientName}
              </span>
            ) : (
              <span className="audit-table__muted">{t('table.patientId', { id: event.idPatient })}</span>
            )}
            {input.idPatient !== event.idPatient && (
              <NarrowButton
                label={t('table.onlyPatient', { name: patientName || t('table.patientId', { id: event.idPatient }) })}
                onClick={() => onNarrow({ idPatient: event.idPatient! })}
              />
            )}
          </>
        )}
      </td>
      <td data-label={t('table.outcome')}>
        <span className={`tag ${event.outcome === 'success' ? 'tag--muted' : 'tag--denied'}`}>{t(`outcomes.${event.outcome}`)}</span>
      </td>
      <td className="audit-table__ip" data-label={t('table.ip')}>{event.ip}</td>
      <td className="audit-table__detail" data-label={t('table.detail')}>{event.detail}</td>
    </tr>
  );
}

/** A row's "only this person" action: the visible word is short, the accessible name says whom. */
function NarrowButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation('audit');
  return (
    <button type="button" className="button button--ghost button--small audit-table__narrow" aria-label={label} title={label} onClick={onClick}>
      {t('table.only')}
    </button>
  );
}
