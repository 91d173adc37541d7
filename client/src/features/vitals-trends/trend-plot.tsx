// The place one chart is drawn: fetches the chart's chunk (once for every chart on the page) and
// draws into its element; while the chunk loads it says so, and if it cannot be fetched it says
// that the table lists the same readings.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
// Types only: erased from the build, so this file does not pull the chart's chunk in.
import type { drawTrendChart, TrendChartProps } from './trend-chart';

interface ChartModule {
  drawTrendChart: typeof drawTrendChart;
}
let chartModule: Promise<ChartModule> | undefined;

function loadChartModule(): Promise<ChartModule> {
  chartModule ??= import('./trend-chart').catch((error: unknown) => {
    // Let the next chart shown try again (the connection may be back).
    chartModule = undefined;
    throw error;
  });
  return chartModule;
}

export function TrendPlot({ measure, series, seriesLabels, texts, onDrawn }: TrendChartProps) {
  const { t } = useTranslation('charts');
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');

  // Redrawn when the readings or the language change: a few hundred points draw in milliseconds.
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let current = true;
    loadChartModule().then(
      ({ drawTrendChart }) => {
        if (!current || !element.current) return;
        chart = drawTrendChart(element.current, { measure, series, seriesLabels, texts, onDrawn });
        setState('drawn');
      },
      () => current && setState('failed'),
    );
    return () => {
      current = false;
      chart?.destroy();
    };
  }, [measure, series, seriesLabels, texts, onDrawn]);

  return (
    <>
      {state === 'loading' && <p className="trend-card__loading">{t('loading')}</p>}
      {state === 'failed' && <p className="trend-card__note">{t('loadFailed')}</p>}
      <div ref={element} className="trend-chart__plot" />
    </>
  );
}
