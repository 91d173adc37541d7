// Vital signs over time: a small chart per measure, or, at the press of one button, the
// same readings as a table, which is the accessible view and needs no chart code. Shown in the
// medic's record and on the patient's "My health".
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEASURES, seriesOf, type Reading } from './measures';
import { TrendCard } from './trend-card';
import { TrendTable } from './trend-table';
import { useDrawTiming } from './use-draw-timing';
import { useTrendTexts } from './use-trend-texts';
import './vitals-trends.css';

interface VitalsTrendsProps {
  readings: readonly Reading[];
  /** The level of each chart's title: one below the heading this sits under. */
  headingLevel: 3 | 4;
}

export function VitalsTrends({ readings, headingLevel }: VitalsTrendsProps) {
  const { t } = useTranslation('charts');
  const texts = useTrendTexts();
  const [asTable, setAsTable] = useState(false);
  const charts = useMemo(() => MEASURES.map((measure) => ({ measure, series: seriesOf(readings, measure) })), [readings]);
  const timing = useDrawTiming(charts.filter((chart) => chart.series.times.length >= 2).length);

  if (readings.length === 0) return <p className="record-empty">{t('empty')}</p>;
  return (
    <div className="vitals-trends">
      <div className="vitals-trends__toolbar">
        <button
          type="button"
          className="button button--secondary button--small"
          aria-pressed={asTable}
          onClick={() => {
            if (asTable) timing.restart();
            setAsTable(!asTable);
          }}
        >
          {t('showTable')}
        </button>
      </div>
      {asTable ? (
        <TrendTable readings={readings} />
      ) : (
        <div className="vitals-trends__charts">
          {charts.map(({ measure, series }) => (
            <TrendCard key={measure.key} measure={measure} series={series} texts={texts} headingLevel={headingLevel} onDrawn={timing.chartDrawn} />
          ))}
        </div>
      )}
    </div>
  );
}
