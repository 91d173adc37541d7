// GET /medics/prescribed-drugs?q=: drugs this practice prescribed before, for the prescribing form
// to fill an item from as the medic types (no drug database). It holds no patient data
// (a drug, its strength and how it was taken, never for whom), so it is not audited as a record read.
// A query matches the start of the drug's name or of any word in it, with case and accents folded
// the way drug_folded was written (foldForSearch). Each drug, strength and form answers once, the
// most often prescribed first, as its latest prescription wrote it. Items of voided prescriptions,
// often voided for a slip, are not suggested.
import { DRUG_QUERY_MIN, DRUG_SUGGESTIONS_MAX, type DrugSuggestion } from '../../shared/prescriptions';
import { foldForSearch } from '../../shared/patients';
import type { DbOrTx } from '../db/client';
import { rawRows } from '../db/raw-sql';

// instr() over ' ' || name finds a word start without LIKE's wildcards to escape in the query
// (PostgreSQL: strpos, and its subquery in FROM needs a name).
const SUGGESTIONS = {
  sqlite: `
  SELECT drug, strength, form, route, presentation, packages, dose, frequency, duration FROM (
    SELECT i.*, count(*) OVER same AS uses, row_number() OVER (same ORDER BY i.id DESC) AS recency
    FROM prescription_items i JOIN prescriptions p ON p.id = i.prescription_id
    WHERE p.voided_at IS NULL AND instr(' ' || i.drug_folded, ' ' || ?) > 0
    WINDOW same AS (PARTITION BY i.drug_folded, i.strength, i.form)
  )
  WHERE recency = 1
  ORDER BY uses DESC, id DESC
  LIMIT ?`,
  postgres: `
  SELECT drug, strength, form, route, presentation, packages, dose, frequency, duration FROM (
    SELECT i.*, count(*) OVER same AS uses, row_number() OVER (same ORDER BY i.id DESC) AS recency
    FROM prescription_items i JOIN prescriptions p ON p.id = i.prescription_id
    WHERE p.voided_at IS NULL AND strpos(' ' || i.drug_folded, ' ' || $1::text) > 0
    WINDOW same AS (PARTITION BY i.drug_folded, i.strength, i.form)
  ) AS suggested
  WHERE recency = 1
  ORDER BY uses DESC, id DESC
  LIMIT $2`,
};

export async function suggestDrugs(db: DbOrTx, query: string): Promise<DrugSuggestion[]> {
  const q = foldForSearch(query.trim());
  if ([...q].length < DRUG_QUERY_MIN) return [];
  return await rawRows<DrugSuggestion>(db, SUGGESTIONS, [q, DRUG_SUGGESTIONS_MAX]);
}
