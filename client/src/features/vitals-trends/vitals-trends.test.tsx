// The trends in both languages: a chart per measure with its title and text alternative, the table
// toggle showing the same readings with their units, and words instead of an empty chart when there
// are too few readings. uPlot needs a real canvas, so the chart its chunk draws is a stand-in here; the
// browser journey (e2e/vitals-trends.test.ts) draws the real one.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n, LANGUAGE_STORAGE_KEY } from '../../lib/i18n';
import type { Reading } from './measures';
import type { TrendChartProps } from './trend-chart';
import { DRAW_MEASURE } from './use-draw-timing';
import { VitalsTrends } from './vitals-trends';

// A browser has matchMedia, which uPlot needs and jsdom lacks (see trend-card.tsx); the shared
// set-up removes stubs after each test.
beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }));
});

vi.mock('./trend-chart', () => ({
  drawTrendChart(element: HTMLElement, { series, seriesLabels, onDrawn }: TrendChartProps) {
    const chart = document.createElement('div');
    chart.dataset.testid = 'chart';
    chart.textContent = `${seriesLabels.join('+')}: ${series.times.length}`;
    element.append(chart);
    onDrawn();
    return { destroy: () => chart.remove() };
  },
}));

const reading = (idVital: number, date: string, values: Partial<Reading> = {}): Reading => ({
  idVital,
  date,
  systolic: null,
  diastolic: null,
  heartRate: null,
  temperature: null,
  oxygenSaturation: null,
  weight: null,
  ...values,
});

// Testing Library folds every space, the no-break space between a value and its unit included, so
// texts found by getByText are written with plain spaces; cells read through textContent keep it.

// Newest first, as the server sends them; the middle one has no temperature, saturation or weight.
const readings: Reading[] = [
  reading(3, '2025-03-15', { systolic: 118, diastolic: 76, heartRate: 70, temperature: 36.8, oxygenSaturation: 97, weight: 71.5 }),
  reading(2, '2025-03-08', { systolic: 125, diastolic: 82, heartRate: 75 }),
  reading(1, '2025-03-01', { systolic: 120, diastolic: 80, heartRate: 72, temperature: 36.6, oxygenSaturation: 98, weight: 72 }),
];

function show(language: 'en' | 'es', data: Reading[]) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  return render(
    <I18nextProvider i18n={createI18n()}>
      <VitalsTrends readings={data} headingLevel={3} />
    </I18nextProvider>,
  );
}

/** A no-break space before each unit, as the accessible description keeps it. */
const unitsHeld = (text: string) => text.replace(/ (mmHg|bpm|°C|%|kg)/g, '\u00a0$1');

const day = (language: string, date: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(`${date}T00:00`));

describe('vital sign trends, in English', () => {
  it('draws a chart per measure, each with a title and a text alternative', async () => {
    show('en', readings);
    const charts = await screen.findAllByTestId('chart');
    expect(charts.map((chart) => chart.textContent)).toEqual(['Systolic+Diastolic: 3', 'Heart rate: 3', 'Temperature: 2', 'Oxygen saturation: 2', 'Weight: 2']);
    const pressure = screen.getByRole('img', { name: 'Blood pressure (mmHg)' });
    expect(pressure).toHaveAccessibleDescription(
      unitsHeld(
        `3 readings from ${day('en', '2025-03-01')} to ${day('en', '2025-03-15')}. Systolic between 118 mmHg and 125 mmHg; ` +
          `Diastolic between 76 mmHg and 82 mmHg. Latest: 118/76 mmHg on ${day('en', '2025-03-15')}.`,
      ),
    );
    expect(screen.getByRole('img', { name: 'Temperature (°C)' })).toHaveAccessibleDescription(/between 36\.6\u00a0°C and 36\.8\u00a0°C/);
    expect(screen.getByRole('heading', { level: 3, name: 'Oxygen saturation (%)' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Weight (kg)' })).toHaveAccessibleDescription(/between 71\.5\u00a0kg and 72\u00a0kg/);
    await vi.waitFor(() => expect(performance.getEntriesByName(DRAW_MEASURE)).not.toHaveLength(0));
  });

  it('shows the same readings as a table, with their units, at the press of the toggle', async () => {
    show('en', readings);
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Vital signs by date, newest first' });
    const rows = within(table).getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Date', 'Blood pressure', 'Heart rate', 'Temperature', 'Oxygen saturation', 'Weight'],
      [day('en', '2025-03-15'), '118/76\u00a0mmHg', '70\u00a0bpm', '36.8\u00a0°C', '97\u00a0%', '71.5\u00a0kg'],
      [day('en', '2025-03-08'), '125/82\u00a0mmHg', '75\u00a0bpm', '–', '–', '–'],
      [day('en', '2025-03-01'), '120/80\u00a0mmHg', '72\u00a0bpm', '36.6\u00a0°C', '98\u00a0%', '72\u00a0kg'],
    ]);

    await userEvent.click(toggle);
    expect(await screen.findAllByTestId('chart')).toHaveLength(5);
  });

  it('says there is nothing to chart instead of drawing an empty chart', () => {
    show('en', []);
    expect(screen.getByText('No vital signs on record yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show as table' })).not.toBeInTheDocument();
  });

  it('says one reading makes no trend, and a measure without readings has none', async () => {
    show('en', [reading(1, '2025-03-01', { systolic: 120, diastolic: 80, heartRate: 72 })]);
    expect(screen.getByText(`Only one reading (120/80 mmHg on ${day('en', '2025-03-01')}): a trend needs two or more.`)).toBeInTheDocument();
    expect(screen.getByText(`Only one reading (72 bpm on ${day('en', '2025-03-01')}): a trend needs two or more.`)).toBeInTheDocument();
    expect(screen.getAllByText('No readings yet.')).toHaveLength(3);
    // Nothing to draw, so the chart's code is not even asked for.
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('chart')).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('vital sign trends, in Spanish', () => {
  it('titles, text alternatives and the table in Spanish, with decimal commas', async () => {
    show('es', readings);
    expect(await screen.findAllByTestId('chart')).toHaveLength(5);
    expect(screen.getByRole('img', { name: 'Temperatura (°C)' })).toHaveAccessibleDescription(
      unitsHeld(
        `2 mediciones del ${day('es', '2025-03-01')} al ${day('es', '2025-03-15')}. Temperatura entre 36,6 °C y 36,8 °C. ` +
          `Última: 36,8 °C el ${day('es', '2025-03-15')}.`,
      ),
    );

    const toggle = screen.getByRole('button', { name: 'Ver como tabla' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = screen.getByRole('table', { name: 'Signos vitales por fecha, de la más reciente a la más antigua' });
    const header = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(header).toEqual(['Fecha', 'Presión arterial', 'Frecuencia cardiaca', 'Temperatura', 'Saturación de oxígeno', 'Peso']);
    const newest = [...within(table).getAllByRole('row')[1]!.querySelectorAll('th, td')].map((cell) => cell.textContent);
    expect(newest).toEqual([day('es', '2025-03-15'), '118/76\u00a0mmHg', '70\u00a0bpm', '36,8\u00a0°C', '97\u00a0%', '71,5\u00a0kg']);
  });

  it('says so in Spanish when there is a single reading', () => {
    show('es', [reading(1, '2025-03-01', { temperature: 37.2 })]);
    expect(screen.getByText(`Solo hay una medición (37,2 °C el ${day('es', '2025-03-01')}): una tendencia necesita dos o más.`)).toBeInTheDocument();
    expect(screen.getAllByText('Aún no hay mediciones.')).toHaveLength(4);
  });
});
