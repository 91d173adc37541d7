// The medic's home (SPEC §2 "Medic home"): the linked patients as cards, a page at a time, with a
// filter the server applies; the two ways to add one — ask an existing account for access or
// create a new one — the access requests still waiting on a patient's answer, and how many
// appointments today holds, leading to the agenda.
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkIcon, PlusIcon } from '../components/icons';
import { TodayLink } from '../features/agenda/today-link';
import { useSession } from '../features/auth/use-session';
import { CreatePatientModal } from '../features/patients/create-patient-modal';
import { LinkPatientModal } from '../features/patients/link-patient-modal';
import { LinkRequestsSection } from '../features/patients/link-requests-section';
import { PatientGrid } from '../features/patients/patient-grid';
import { usePatientPages } from '../features/patients/use-patient-pages';
import { useDocumentTitle } from '../lib/use-document-title';
import '../features/patients/medic-home.css';
import '../features/patients/link-patient.css';

type OpenModal = 'create' | 'link' | null;

/** How long the record's code waits at most for the browser to be idle once the list is drawn. */
const RECORD_PREFETCH_WAIT_MS = 1_000;

export function MedicHomePage() {
  const { t } = useTranslation(['patients', 'common']);
  const user = useSession()?.user;
  useDocumentTitle(t('common:titles.home'));
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [modal, setModal] = useState<OpenModal>(null);
  const pages = usePatientPages(query);
  const { total, fetchNextPage } = pages;
  // A second call while a page loads must not cancel and ask again for the same page.
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  // A patient's record is the screen a medic opens from here: its code is fetched while they look at
  // the list, so that the click waits only for the record itself (on screen ≤ 500 ms). Not
  // before the list is drawn: fetched and compiled at once, that code delayed the first cards.
  const listShown = pages.patients !== undefined;
  useEffect(() => (listShown ? prefetchRecordCode() : undefined), [listShown]);

  return (
    <section className="page-section medic-home" aria-labelledby="medic-home-title">
      <div className="medic-home__header">
        <div className="medic-home__heading">
          <h1 id="medic-home-title" className="page-title">
            {t('common:medicHome.title')}
          </h1>
          <p className="page-subtitle">
            {total !== undefined && <span>{t(pages.q ? 'home.matches' : 'home.count', { count: total })}</span>}
            {total !== undefined && user && (
              <span className="page-subtitle__separator" aria-hidden="true">
                ·
              </span>
            )}
            {user && <span>{t('common:medicHome.signedInAs', { name: `${user.name} ${user.lname}` })}</span>}
          </p>
        </div>
        <div className="medic-home__actions">
          <TodayLink />
          <button type="button" className="button button--secondary" onClick={() => setModal('link')}>
            <LinkIcon />
            {t('home.linkPatient')}
          </button>
          <button type="button" className="button button--primary" onClick={() => setModal('create')}>
            <PlusIcon />
            {t('home.createPatient')}
          </button>
        </div>
      </div>
      <LinkRequestsSection />
      <div className="medic-home__search field" role="search">
        <label htmlFor={searchId} className="field__label">
          {t('home.searchLabel')}
        </label>
        <input
          id={searchId}
          type="search"
          className="field__input field__input--search"
          placeholder={t('home.searchPlaceholder')}
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <PatientGrid
        patients={pages.patients}
        total={total}
        isPending={pages.isPending}
        isError={pages.isError}
        onRetry={() => void pages.refetch()}
        query={pages.q}
        hasNextPage={pages.hasNextPage}
        isFetchingNextPage={pages.isFetchingNextPage}
        isFetchNextPageError={pages.isFetchNextPageError}
        onLoadMore={loadMore}
      />
      {modal === 'create' && <CreatePatientModal onClose={() => setModal(null)} />}
      {modal === 'link' && <LinkPatientModal onClose={() => setModal(null)} />}
    </section>
  );
}

/**
 * The record page's code, once the list is on screen and the browser is idle (a first click can
 * come at once); not when the list is gone before then. A prefetch that fails is let go: the
 * record's route fetches the code again when opened, and says so if it cannot.
 */
function prefetchRecordCode() {
  const prefetch = () => void import('./patient-detail').catch(() => undefined);
  // Safari has no requestIdleCallback; the timeout bounds the wait on a page that is never idle.
  if (typeof requestIdleCallback === 'undefined') {
    const timer = setTimeout(prefetch, 0);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(prefetch, { timeout: RECORD_PREFETCH_WAIT_MS });
  return () => cancelIdleCallback(idle);
}
