// "Expediente · <section>", following the active language (SPEC §2 "Page titles").
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function useDocumentTitle(section: string): void {
  const { t } = useTranslation('common');
  const appName = t('appName');
  useEffect(() => {
    document.title = section ? `${appName} · ${section}` : appName;
  }, [appName, section]);
}
