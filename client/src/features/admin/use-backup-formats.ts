// The backup panel's numbers and times in the active language. Backup times are instants in UTC
// ("…Z"), unlike the practice-local moments useFormatters reads, so they are parsed as such and shown
// in the browser's time zone with the same date and time styles as the rest of the page.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const KIB = 1024;

export function useBackupFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const dayTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const unit = (name: string) => new Intl.NumberFormat(language, { style: 'unit', unit: name, maximumFractionDigits: 1 });
    const [kilobytes, megabytes, gigabytes] = [unit('kilobyte'), unit('megabyte'), unit('gigabyte')];
    return {
      instant: (iso: string) => {
        const date = new Date(iso);
        return Number.isNaN(date.getTime()) ? iso : dayTime.format(date);
      },
      number: (value: number) => decimal.format(value),
      bytes: (value: number) =>
        value < KIB ** 2 ? kilobytes.format(value / KIB) : value < KIB ** 3 ? megabytes.format(value / KIB ** 2) : gigabytes.format(value / KIB ** 3),
    };
  }, [language]);
}
