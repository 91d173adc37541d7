// The vital-sign charts' part of `npm run bench:browser`: a patient of the seeded practice gets two
// years of weekly vitals (104 readings, written before the server starts), and the medic's browser
// opens that record and reads how long the five charts took from the record's arrival to drawn —
// the performance measure the page records itself (client/src/features/vitals-trends/use-draw-timing.ts),
// the chart's chunk download included.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';

export const TREND_WEEKS = 104;
const DRAW_MEASURE = 'vitals-trends:drawn';
const SEEDED_AT = '2026-01-01T00:00:00.000Z';

/** Adds a reading a week for two years to the practice's last patient, and gives that patient's id. */
export function seedWeeklyVitals(dataDir: string): number {
  const db = new Database(join(dataDir, 'expediente.db'));
  try {
    const { id } = db.prepare('select max(id) as id from patients').get() as { id: number };
    const insert = db.prepare(
      `insert into vitals (patient_id, date, systolic, diastolic, heart_rate, temperature, oxygen_saturation, respiratory_rate, weight, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    db.transaction(() => {
      for (let week = 0; week < TREND_WEEKS; week += 1) {
        const day = new Date(Date.UTC(2026, 0, 1) - week * 7 * 86_400_000).toISOString().slice(0, 10);
        // Every ninth reading without a temperature, so the chart has gaps to draw.
        const temperature = week % 9 === 0 ? null : 36.2 + (week % 7) / 10;
        // Weighed every fourth week: the fifth chart.
        const weight = week % 4 === 0 ? Math.round((76 + week / 26) * 10) / 10 : null;
        insert.run(id, day, 112 + (week % 17), 72 + (week % 11), 62 + (week % 19), temperature, 95 + (week % 5), 14 + (week % 6), weight, SEEDED_AT);
      }
    })();
    return id;
  } finally {
    db.close();
  }
}

/** Opens the patient's record in a signed-in page and gives the charts' time from data to drawn, in ms. */
export async function measureVitalsTrends(page: Page, url: string, idPatient: number): Promise<number> {
  await page.goto(`${url}/medic/patient/${idPatient}`);
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, DRAW_MEASURE);
  return page.evaluate((name) => performance.getEntriesByName(name)[0]!.duration, DRAW_MEASURE);
}
