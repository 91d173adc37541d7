import { useTranslation } from 'react-i18next';

/** SPEC §1: the patient overview says how their health data is kept. */
export function SecurityBanner() {
  const { t } = useTranslation('dashboard');
  return (
    <aside className="security-banner" aria-label={t('security.label')}>
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
        <path d="M9 12l2 2 4-4" />
      </svg>
      <p>{t('security.text')}</p>
    </aside>
  );
}
