// The vital-sign charts' code (uPlot and its stylesheet) is a chunk of its own that only the record
// pages ask for: neither the sign-in page nor the medic home downloads it. Read from the
// build's manifest, like client-build.test.ts; builds dist/client first when it is missing or stale.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientDistDir, clientManifest, ensureClientBuilt } from './client-build';

interface ManifestChunk {
  file: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const CHART_MODULE = 'src/features/vitals-trends/trend-chart.ts';
// A class name uPlot's code writes into the page: wherever it appears, uPlot was bundled.
const UPLOT_SIGNATURE = 'u-cursor-pt';

let manifest: Manifest;
beforeAll(async () => {
  await ensureClientBuilt(() => undefined);
  manifest = JSON.parse(readFileSync(clientManifest, 'utf8')) as Manifest;
}, 180_000);

/** The manifest keys a page downloads up front: the entries and everything they import statically. */
function staticClosure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    into.add(key);
    staticClosure(manifest[key]?.imports ?? [], into);
  }
  return into;
}

/** The files (JavaScript and CSS) of those keys. */
const filesOf = (keys: Set<string>) => [...keys].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]);
const hasUplot = (file: string) => readFileSync(join(clientDistDir, file), 'utf8').includes(UPLOT_SIGNATURE);

describe('the vital-sign chart chunk', () => {
  it('holds uPlot and its stylesheet, loaded on demand', () => {
    const chart = manifest[CHART_MODULE];
    expect(chart?.isDynamicEntry).toBe(true);
    expect(hasUplot(chart!.file)).toBe(true);
    expect(chart!.css?.some((file) => readFileSync(join(clientDistDir, file), 'utf8').includes('.uplot'))).toBe(true);
  });

  it.each([
    ['the sign-in page', ['index.html', 'src/pages/login.tsx']],
    ['the medic home', ['index.html', 'src/pages/medic-home.tsx']],
  ])('is not among what %s downloads', (_page, entries) => {
    const files = filesOf(staticClosure(entries));
    const chart = manifest[CHART_MODULE]!;
    expect(files).not.toContain(chart.file);
    for (const css of chart.css ?? []) expect(files).not.toContain(css);
    expect(files.filter((file) => file.endsWith('.js') && hasUplot(file))).toEqual([]);
  });

  it.each([
    ['the medic record', 'src/pages/patient-detail.tsx'],
    ['the patient home', 'src/pages/patient-home.tsx'],
  ])('is asked for by %s, once a chart is shown', (_page, entry) => {
    const keys = staticClosure([entry]);
    expect([...keys].some((key) => manifest[key]!.dynamicImports?.includes(CHART_MODULE))).toBe(true);
    expect(keys.has(CHART_MODULE)).toBe(false);
  });
});
