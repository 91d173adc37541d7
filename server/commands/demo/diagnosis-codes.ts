// The demo's visits name CIE-10 codes, and the server refuses a code its diagnosis catalog does not
// hold. The catalog's files are not in the repository (CATALOG_DIR, docs/clinical.md "The consultation note and
// the diagnosis catalog"): where they are missing the demo still seeds every visit, without the codes
// the catalog cannot name, and says how many it left out.
import type { ApiClient } from './api-client';

export interface DiagnosisCodes {
  /** `codes` without those the catalog does not hold, asked once per code through the search route. */
  known(codes: readonly string[]): Promise<string[]>;
  /** Codes left out so far (each counted once). */
  leftOut(): string[];
}

export function diagnosisCodes(client: ApiClient): DiagnosisCodes {
  const held = new Map<string, boolean>();
  return {
    async known(codes) {
      const kept: string[] = [];
      for (const code of codes) {
        if (!held.has(code)) {
          const found = await client.call<{ code: string }[]>('GET', `/api/catalog/diagnoses?q=${encodeURIComponent(code)}&limit=1`);
          held.set(code, found[0]?.code === code);
        }
        if (held.get(code)) kept.push(code);
      }
      return kept;
    },
    leftOut: () => [...held].filter(([, isHeld]) => !isHeld).map(([code]) => code),
  };
}
