// The medic's patients as a grid of cards, with SPEC §2's other states: 12 skeletons while
// loading, an error banner, and an empty state that says whether a search hides the patients.
// A practice can have thousands of patients, so only the rows of cards near the viewport are in
// the page (virtualized by rows: the number of columns follows the grid's width), and the next
// page is fetched as the medic scrolls towards the end of what has been loaded.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { SKELETON_CARDS } from '../../../../shared/constants';
import type { PatientListItem } from '../../../../shared/patients';
import { SkeletonCard } from '../../components/skeleton-card';
import { PatientCard } from './patient-card';
import { useUnlinkPatient } from './use-unlink-patient';
import { LoadFailed } from '../../components/load-failed';

interface PatientGridProps {
  patients: PatientListItem[] | undefined;
  /** Every patient the filter finds, loaded or not. */
  total: number | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  /** The filter the list answers, once sent to the server. */
  query: string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  onLoadMore: () => void;
}

// The grid's CSS: cards at least 16.5rem wide, 1rem apart.
const MIN_CARD_REM = 16.5;
const GAP_REM = 1;
/** A card row's height before one is measured (jsdom never measures). */
const ESTIMATED_ROW_PX = 200;
/** Rows rendered beyond each edge of the viewport, so a quick scroll does not show blank space. */
const OVERSCAN_ROWS = 3;
/** Fetch the next page when the last loaded row is this close to the viewport. */
const LOAD_AHEAD_ROWS = 4;

const remInPx = () => Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;

/** How many cards fit side by side in the element, as `repeat(auto-fill, minmax(16.5rem, 1fr))` would lay them out. */
function useColumns(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const read = () => setWidth(element.clientWidth || window.innerWidth);
    read();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', read);
      return () => window.removeEventListener('resize', read);
    }
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  const rem = remInPx();
  return Math.max(1, Math.floor((width + GAP_REM * rem) / ((MIN_CARD_REM + GAP_REM) * rem)));
}

export function PatientGrid(props: PatientGridProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const columns = useColumns(containerRef);
  return (
    <div ref={containerRef} className="patient-grid-container">
      <GridContent {...props} columns={columns} />
    </div>
  );
}

function GridContent({ patients, isPending, isError, onRetry, query, columns, ...paging }: PatientGridProps & { columns: number }) {
  const { t } = useTranslation('patients');

  if (isPending) {
    return (
      <div className="patient-grid" aria-busy="true">
        <p role="status" className="visually-hidden">
          {t('common:loading')}
        </p>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <SkeletonCard key={index} />
        ))}
      </div>
    );
  }

  if (isError && !patients) {
    return (
      <LoadFailed message={t('home.loadFailed')} retryLabel={t('home.retry')} onRetry={onRetry} />
    );
  }

  if (!patients || patients.length === 0) {
    const searching = query.trim() !== '';
    return (
      <div className="empty-state card">
        <p className="empty-state__title">{searching ? t('home.emptySearch') : t('home.empty')}</p>
        {!searching && <p className="empty-state__hint">{t('home.emptyHint')}</p>}
      </div>
    );
  }

  return <VirtualGrid patients={patients} columns={columns} {...paging} />;
}

interface VirtualGridProps {
  patients: PatientListItem[];
  total: number | undefined;
  columns: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  onLoadMore: () => void;
}

function VirtualGrid({ patients, total, columns, hasNextPage, isFetchingNextPage, isFetchNextPageError, onLoadMore }: VirtualGridProps) {
  const { t } = useTranslation('patients');
  const listRef = useRef<HTMLUListElement>(null);
  const [menuFor, setMenuFor] = useState<number | null>(null);
  const unlink = useUnlinkPatient();
  const [rowHeight, setRowHeight] = useState(ESTIMATED_ROW_PX);
  const [scrollMargin, setScrollMargin] = useState(0);
  const rowCount = Math.ceil(patients.length / columns);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
  });

  // Where the grid starts in the page, and how tall a row of cards really is, once laid out.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let top = 0;
    for (let element: HTMLElement | null = list; element; element = element.offsetParent as HTMLElement | null) top += element.offsetTop;
    if (top !== scrollMargin) setScrollMargin(top);
    const card = list.firstElementChild as HTMLElement | null;
    const cardHeight = card?.offsetHeight ?? 0;
    const measured = cardHeight + GAP_REM * remInPx();
    if (cardHeight > 0 && Math.abs(measured - rowHeight) > 1) setRowHeight(measured);
  }, [scrollMargin, rowHeight, patients, columns]);
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight, columns]);

  const rows = virtualizer.getVirtualItems();
  const firstRow = rows[0]?.index ?? 0;
  const lastRow = rows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError && lastRow >= rowCount - 1 - LOAD_AHEAD_ROWS) onLoadMore();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, lastRow, rowCount, onLoadMore]);

  const first = firstRow * columns;
  const shown = patients.slice(first, Math.min(patients.length, (lastRow + 1) * columns));
  const before = rows[0] ? rows[0].start - scrollMargin : 0;
  const after = rows.length > 0 ? Math.max(0, virtualizer.getTotalSize() - (rows.at(-1)!.end - scrollMargin)) : 0;
  // One "now" per render of the list, so every card judges 'recent' against the same moment.
  const now = new Date();

  return (
    <>
      <ul
        ref={listRef}
        className="patient-grid"
        aria-label={t('home.listLabel')}
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, paddingTop: before, paddingBottom: after }}
      >
        {shown.map((patient, index) => (
          <li key={patient.idPatient} className="patient-grid__item" aria-posinset={first + index + 1} aria-setsize={total ?? patients.length}>
            <PatientCard
              patient={patient}
              now={now}
              menuOpen={menuFor === patient.idPatient}
              onOpenMenu={() => setMenuFor(patient.idPatient)}
              onCloseMenu={() => setMenuFor((open) => (open === patient.idPatient ? null : open))}
              onUnlink={() => unlink(patient)}
            />
          </li>
        ))}
      </ul>
      {isFetchingNextPage && (
        <p role="status" className="patient-grid__more">
          {t('home.loadingMore')}
        </p>
      )}
      {isFetchNextPageError && (
        <LoadFailed message={t('home.loadMoreFailed')} retryLabel={t('home.retry')} onRetry={onLoadMore} />
      )}
      {hasNextPage && !isFetchingNextPage && !isFetchNextPageError && (
        // Scrolling loads more by itself; the button is the way for keyboard and switch users.
        <button type="button" className="button button--secondary patient-grid__more" onClick={onLoadMore}>
          {t('home.loadMore')}
        </button>
      )}
    </>
  );
}
