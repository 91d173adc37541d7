import { useTranslation } from 'react-i18next';

/** "See more (7 remaining)"; renders nothing once every item is shown. */
export function ShowMoreButton({ remaining, onClick }: { remaining: number; onClick: () => void }) {
  const { t } = useTranslation('record');
  if (remaining <= 0) return null;
  return (
    <button type="button" className="button button--ghost button--small show-more" onClick={onClick}>
      {t('showMore', { count: remaining })}
    </button>
  );
}
