// How long the charts take to appear once their data is there: from the moment the readings are
// first shown (or the chart view is chosen) until every chart has drawn, chunk loading included.
// Recorded as a performance measure, which the browser journey and `npm run bench:browser` read.
import { useCallback, useRef, useState } from 'react';

export const DRAW_MEASURE = 'vitals-trends:drawn';

export function useDrawTiming(expectedCharts: number) {
  // Read during the first render, which is when the record's data has just arrived.
  const [firstShown] = useState(() => performance.now());
  const startedAt = useRef<number | null>(firstShown);
  const drawn = useRef(new Set<string>());

  const restart = useCallback(() => {
    startedAt.current = performance.now();
    drawn.current = new Set();
  }, []);

  const chartDrawn = useCallback(
    (key: string) => {
      if (drawn.current.has(key) || startedAt.current === null) return;
      drawn.current.add(key);
      if (drawn.current.size === expectedCharts) {
        performance.measure(DRAW_MEASURE, { start: startedAt.current, end: performance.now() });
        startedAt.current = null;
      }
    },
    [expectedCharts],
  );

  return { restart, chartDrawn };
}
