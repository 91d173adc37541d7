// How readings read in the active language: values with their unit ("36,6 °C", "120/80 mmHg"),
// dates as the record shows them, and each chart's text alternative, so the table, the summaries
// and the chart's axes all say the same thing.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../lib/use-formatters';
import type { Measure, Reading, Series } from './measures';

export function useTrendTexts() {
  const { t } = useTranslation('charts');
  const format = useFormatters();
  const { language } = format;
  return useMemo(() => {
    const unit = (measure: Measure) => t(`units.${measure.key}`);
    const number = (measure: Measure) => new Intl.NumberFormat(language, { maximumFractionDigits: measure.decimals });
    /** One or two values with the unit once: "120/80 mmHg"; '' when the reading has none. */
    const valueText = (measure: Measure, values: readonly (number | null)[]) => {
      if (values.every((value) => value === null)) return '';
      const numbers = number(measure);
      return `${values.map((value) => (value === null ? '–' : numbers.format(value))).join('/')}\u00a0${unit(measure)}`;
    };
    const readingText = (measure: Measure, reading: Reading) => valueText(measure, measure.fields.map((field) => reading[field]));
    // The same medium date the record's own list shows; times are local, as the readings were taken.
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const dayOf = (seconds: number) => day.format(new Date(seconds * 1000));

    /** The chart's text alternative: how many readings, over which dates, their range, the latest. */
    const summary = (measure: Measure, series: Series) => {
      const last = series.times.length - 1;
      const ranges = measure.fields.map((field, index) => {
        const present = series.values[index]!.filter((value): value is number => value !== null);
        return t('range', {
          series: t(`series.${field}`),
          low: valueText(measure, [Math.min(...present)]),
          high: valueText(measure, [Math.max(...present)]),
        });
      });
      return t('summary', {
        readings: series.times.length,
        first: dayOf(series.times[0]!),
        last: dayOf(series.times[last]!),
        ranges: ranges.join('; '),
        latest: valueText(measure, series.values.map((column) => column[last]!)),
        latestDate: dayOf(series.times[last]!),
      });
    };

    return { language, unit, number, valueText, readingText, dayOf, summary, date: format.date };
  }, [t, format, language]);
}

export type TrendTexts = ReturnType<typeof useTrendTexts>;
