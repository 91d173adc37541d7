// One measure's chart with its title and text alternative (how many readings, when, their range,
// the latest). With fewer than two readings there is no trend to draw, so it says so in words and
// the chart's chunk is not fetched for it.
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Measure, Series } from './measures';
import { TrendPlot } from './trend-plot';
import type { TrendTexts } from './use-trend-texts';

// uPlot reads window.matchMedia as it loads (to follow the screen's pixel ratio). Every browser has
// it; a DOM without layout (jsdom, which the app's other component tests render in) does not, and
// there the summary stands alone rather than the chart failing to load.
const canDraw = () => typeof window.matchMedia === 'function';

interface TrendCardProps {
  measure: Measure;
  series: Series;
  texts: TrendTexts;
  headingLevel: 3 | 4;
  onDrawn: (key: string) => void;
}

export function TrendCard({ measure, series, texts, headingLevel, onDrawn }: TrendCardProps) {
  const { t } = useTranslation('charts');
  const titleId = useId();
  const summaryId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const seriesLabels = useMemo(() => measure.fields.map((field) => t(`series.${field}`)), [measure, t]);
  const drawn = useCallback(() => onDrawn(measure.key), [onDrawn, measure.key]);
  const count = series.times.length;

  return (
    <figure className="trend-card" aria-labelledby={titleId}>
      <Heading id={titleId} className="trend-card__title">
        {t(`measures.${measure.key}`)} <span className="trend-card__unit">({texts.unit(measure)})</span>
      </Heading>
      {count === 0 && <p className="trend-card__note">{t('noReadings')}</p>}
      {count === 1 && (
        <p className="trend-card__note">
          {t('oneReading', { value: texts.valueText(measure, series.values.map((column) => column[0]!)), date: texts.dayOf(series.times[0]!) })}
        </p>
      )}
      {count >= 2 && (
        <>
          <p id={summaryId} className="trend-card__summary">
            {texts.summary(measure, series)}
          </p>
          {canDraw() && (
            <div className="trend-card__chart" role="img" aria-labelledby={titleId} aria-describedby={summaryId}>
              <TrendPlot measure={measure} series={series} seriesLabels={seriesLabels} texts={texts} onDrawn={drawn} />
            </div>
          )}
        </>
      )}
    </figure>
  );
}
