// The backup panel's numbers and sizes in the active language; its times are instants in UTC
// ("…Z"), which useFormatters reads with their zone and shows in the browser's time zone with the
// same date and time styles as the rest of the page.
import { useMemo } from 'react';
import { useFormatters } from '../../lib/use-formatters';

const KIB = 1024;

export function useBackupFormats() {
  const format = useFormatters();
  const { language } = format;
  return useMemo(() => {
    const decimal = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const unit = (name: string) => new Intl.NumberFormat(language, { style: 'unit', unit: name, maximumFractionDigits: 1 });
    const [kilobytes, megabytes, gigabytes] = [unit('kilobyte'), unit('megabyte'), unit('gigabyte')];
    return {
      instant: (iso: string) => format.date(iso),
      number: (value: number) => decimal.format(value),
      bytes: (value: number) =>
        value < KIB ** 2 ? kilobytes.format(value / KIB) : value < KIB ** 3 ? megabytes.format(value / KIB ** 2) : gigabytes.format(value / KIB ** 3),
    };
  }, [format, language]);
}
