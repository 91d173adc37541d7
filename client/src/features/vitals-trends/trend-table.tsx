// The accessible view of the trends: every reading as a row (date, then each measure with its
// unit), newest first like the record's list. It needs nothing from the chart's chunk.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MEASURES, newestFirst, type Reading } from './measures';
import { useTrendTexts } from './use-trend-texts';

export function TrendTable({ readings }: { readings: readonly Reading[] }) {
  const { t } = useTranslation('charts');
  const texts = useTrendTexts();
  const captionId = useId();
  return (
    // Scrolls on its own when long, so it can be reached and scrolled with the keyboard.
    <div className="trend-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>{t('table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('table.date')}</th>
            {MEASURES.map((measure) => (
              <th key={measure.key} scope="col">
                {t(`measures.${measure.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {newestFirst(readings).map((reading) => (
            <tr key={reading.idVital}>
              <th scope="row">
                <time dateTime={reading.date}>{texts.date(reading.date)}</time>
              </th>
              {MEASURES.map((measure) => (
                <td key={measure.key}>{texts.readingText(measure, reading) || '–'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
