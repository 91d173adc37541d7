import { useTranslation } from 'react-i18next';

/** A live "Loading..." status: announced by screen readers, visible to everyone. */
export function Spinner({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" className={fullPage ? 'spinner spinner--page' : 'spinner'}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className="spinner__text">{t('loading')}</span>
    </div>
  );
}
