// "Who viewed my record": the audit trail of this record, newest first, a page at a time. It is
// fetched only while shown, and fresh each time it is opened, since it changes behind the
// patient's back. What a medic did under emergency access is flagged, with the reason they gave.
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner';
import { trpc } from '../../lib/trpc';
import { useFormatters } from '../../lib/use-formatters';
import { describeAction, emergencyReason } from './access-log-action';
import { LoadFailed } from '../../components/load-failed';
import { CardSection } from '../../components/card-section';

export function AccessLog() {
  const { t } = useTranslation('dashboard');
  const format = useFormatters();
  const [page, setPage] = useState(1);
  const log = trpc.patients.accessLog.useQuery({ page }, { staleTime: 0, placeholderData: keepPreviousData });

  let content;
  if (log.isPending) {
    content = <Spinner />;
  } else if (log.isError) {
    content = (
      <LoadFailed message={t('accessLog.loadFailed')} retryLabel={t('retry')} onRetry={() => void log.refetch()} />
    );
  } else if (log.data.total === 0) {
    content = (
      <div className="empty-state">
        <p className="empty-state__title">{t('accessLog.empty')}</p>
      </div>
    );
  } else {
    const { events, pageSize, total } = log.data;
    const pages = Math.max(1, Math.ceil(total / pageSize));
    content = (
      <>
        <ol className="bordered-list access-log" aria-label={t('accessLog.listLabel')} aria-busy={log.isPlaceholderData}>
          {events.map((event, index) => {
            const reason = emergencyReason(event);
            return (
              <li key={`${event.at}-${index}`} className="access-log__event">
                <span className="access-log__who">{event.medic ? `${event.medic.name} ${event.medic.lname}` : t('accessLog.someone')}</span>
                <span className="access-log__what">
                  {describeAction(t, event)}
                  {event.outcome === 'failure' && <span className="tag tag--muted access-log__outcome">{t('accessLog.failed')}</span>}
                  {event.outcome === 'denied' && <span className="tag tag--denied access-log__outcome">{t('accessLog.denied')}</span>}
                  {event.emergency && <span className="tag tag--emergency access-log__outcome">{t('accessLog.emergency')}</span>}
                </span>
                <time className="access-log__when" dateTime={event.at}>
                  {format.date(event.at)}
                </time>
                {reason && <p className="access-log__reason">{t('accessLog.reason', { reason })}</p>}
              </li>
            );
          })}
        </ol>
        {pages > 1 && (
          <nav className="pager" aria-label={t('accessLog.pages')}>
            <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('accessLog.previous')}
            </button>
            <span className="pager__status" aria-live="polite">
              {t('accessLog.pageOf', { page, pages })}
            </span>
            <button type="button" className="button button--secondary button--small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('accessLog.next')}
            </button>
          </nav>
        )}
      </>
    );
  }

  return (
    <CardSection title={t('accessLog.title')} intro={t('accessLog.intro')}>
      {content}
    </CardSection>
  );
}
