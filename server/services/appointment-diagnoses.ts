// What an appointment write stores of its diagnoses: the codes it was sent, named from the catalog
// (diagnosis-catalog.ts) as they are now, in `diagnoses` as [{code, name}] and, for the clients that
// read only codes, in `diagnosis_ids`. A code the catalog does not hold is refused, never stored as
// free text: the note's diagnoses are the catalog's (NOM-004 6.2.4).
import type { Diagnosis } from '../../shared/catalog';
import type { DbOrTx } from '../db/client';
import { AppError } from '../errors';
import { resolveDiagnoses } from './diagnosis-catalog';

interface SentCodes {
  /** The catalog codes, as the client names them; wins when both are sent. */
  diagnoses?: string[] | undefined;
  /** The older field: written alone, it stores its codes with their catalog names. */
  diagnosisIds?: string[] | undefined;
}

/** The two columns to write, or undefined when the write sent neither field (an edit that leaves them as they are). */
export async function diagnosesToStore(db: DbOrTx, sent: SentCodes): Promise<{ diagnoses: Diagnosis[]; diagnosisIds: string[] } | undefined> {
  const field = sent.diagnoses !== undefined ? 'diagnoses' : sent.diagnosisIds !== undefined ? 'diagnosisIds' : undefined;
  if (!field) return undefined;
  const { diagnoses, unknown } = await resolveDiagnoses(db, sent[field]!);
  if (unknown.length > 0) {
    const named = unknown.map((code) => JSON.stringify(code)).join(', ');
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid input. ${field}: ${named} ${unknown.length === 1 ? 'is not a code' : 'are not codes'} of the diagnosis catalog`,
      [{ path: field, message: 'validation.diagnosisUnknown' }],
    );
  }
  return { diagnoses, diagnosisIds: diagnoses.map((diagnosis) => diagnosis.code) };
}
