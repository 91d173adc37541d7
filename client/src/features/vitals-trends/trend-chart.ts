// One measure drawn with uPlot: time along the bottom in the active language, the unit up the
// side, a line per series with gaps where a reading lacks the value, sized to its container.
// This module and uPlot (with its stylesheet) are a chunk of their own, loaded only when a chart is
// shown (trend-plot.tsx), so neither the sign-in page nor the medic home pays for them. It draws
// imperatively rather than as a lazy React component: React holds back content that replaces a
// Suspense fallback for up to 300 ms, which would be most of the time the charts take to appear. uPlot sets its few styles
// through the DOM's style properties, which the Content-Security-Policy allows; no style attribute
// is ever written into markup.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Measure, Series } from './measures';
import type { TrendTexts } from './use-trend-texts';

const HEIGHT = 200;
const DAY_SECONDS = 86_400;
// Beyond about four months of data, ticks name months; closer in, days.
const MONTH_TICKS_FROM_DAYS = 120;

export interface TrendChartProps {
  measure: Measure;
  series: Series;
  seriesLabels: readonly string[];
  texts: TrendTexts;
  /** Called once the chart has drawn its data. */
  onDrawn: () => void;
}

/** The palette lives in CSS (vitals-trends.css) so the chart follows the app's colours. */
function colours(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    lines: [read('--trend-line-1', '#0f766e'), read('--trend-line-2', '#2563eb')],
    text: read('--trend-text', '#5b6b77'),
    grid: read('--trend-grid', '#d9e2e8'),
  };
}

function options(props: TrendChartProps, width: number, element: HTMLElement, onDrawn: () => void): uPlot.Options {
  const { measure, seriesLabels, texts } = props;
  const palette = colours(element);
  const unit = texts.unit(measure);
  const numbers = texts.number(measure);
  const months = new Intl.DateTimeFormat(texts.language, { month: 'short', year: 'numeric' });
  const days = new Intl.DateTimeFormat(texts.language, { day: 'numeric', month: 'short' });
  const axis = { stroke: palette.text, grid: { stroke: palette.grid, width: 1 }, ticks: { stroke: palette.grid, width: 1 } };
  return {
    width,
    height: HEIGHT,
    scales: { x: { time: true } },
    legend: { live: true },
    axes: [
      {
        ...axis,
        values: (chart, ticks) => {
          const spanDays = ((chart.scales.x!.max ?? 0) - (chart.scales.x!.min ?? 0)) / DAY_SECONDS;
          const format = spanDays > MONTH_TICKS_FROM_DAYS ? months : days;
          return ticks.map((tick) => format.format(new Date(tick * 1000)));
        },
      },
      { ...axis, label: unit, size: 56, values: (_chart, ticks) => ticks.map((tick) => numbers.format(tick)) },
    ],
    series: [
      { value: (_chart, time) => (time === null ? '–' : texts.dayOf(time)) },
      ...seriesLabels.map((label, index) => ({
        label,
        stroke: palette.lines[index % palette.lines.length],
        width: 2,
        value: (_chart: uPlot, value: number | null) => (value === null ? '–' : `${numbers.format(value)}\u00a0${unit}`),
      })),
    ],
    hooks: { draw: [onDrawn] },
  };
}

/** Draws the chart into `element` and keeps it sized to it; destroy() removes it. */
export function drawTrendChart(element: HTMLElement, props: TrendChartProps): { destroy(): void } {
  let reported = false;
  const drawn = () => {
    if (reported) return;
    reported = true;
    props.onDrawn();
  };
  const { series } = props;
  const chart = new uPlot(options(props, element.clientWidth || 320, element, drawn), [series.times, ...series.values], element);
  const resize = new ResizeObserver(() => {
    const width = element.clientWidth;
    if (width > 0 && width !== chart.width) chart.setSize({ width, height: HEIGHT });
  });
  resize.observe(element);
  return {
    destroy() {
      resize.disconnect();
      chart.destroy();
    },
  };
}
