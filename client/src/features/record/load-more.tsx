// Under a long list of the record (appointments, vital signs, lab results): how many of how many are
// on screen, and a button that brings the next page (use-long-list.ts). Nothing when the record
// already holds the whole list.
import { useTranslation } from 'react-i18next';
import type { LongListState } from './use-long-list';

export function LoadMore({ state }: { state: LongListState<unknown> }) {
  const { t } = useTranslation('record');
  if (!state.hasMore && !state.extended) return null;
  return (
    <div className="load-more">
      <p className="load-more__count" aria-live="polite">
        {t('longLists.shownOfTotal', { shown: state.items.length, total: state.total })}
      </p>
      {state.hasMore && (
        // aria-disabled rather than disabled while loading: the button keeps the keyboard focus.
        <button
          type="button"
          className="button button--ghost button--small show-more"
          aria-label={t(`longLists.loadMoreLabel.${state.list}`)}
          aria-disabled={state.loading}
          onClick={state.loadMore}
        >
          {state.loading ? t('longLists.loading') : t('longLists.loadMore')}
        </button>
      )}
      {state.failed && (
        <p className="load-more__failed" role="alert">
          {t('longLists.loadFailed')}
        </p>
      )}
    </div>
  );
}
