// What a medic's access to one patient is made of (a link, their latest emergency access), kept in
// memory at the access version (auth/request-cache-version.ts): triggers replace the version in the
// same transaction as any link made or removed and any emergency access started, so the very next
// request after either reads them again. Emergency access also ends with time alone: what is kept is
// its expiry, and access.ts compares it with the practice's clock on every request.
import { accessVersionLaterInRequest } from '../auth/request-cache-version';
import type { DbOrTx } from '../db/client';
import { deepFreeze, versionedCache } from '../db/versioned-cache';

export interface EmergencyAccessGrant {
  idAccess: number;
  reason: string;
  expiresAt: string;
}

/** A medic's standing with a patient, whatever the time: whether linked, and their latest emergency access. */
export interface MedicStanding {
  linked: boolean;
  /** The emergency access that runs longest, running or not: if any runs at a given moment, this one does. */
  latestEmergency: EmergencyAccessGrant | undefined;
}

/** The (medic, patient) pairs of recent requests, per database. */
const CACHED_STANDINGS = 2_000;

const keptStandings = versionedCache<string, Readonly<MedicStanding>>(CACHED_STANDINGS);

/** The medic's standing with the patient as of the current access version: from memory, or `load`ed and kept. */
export async function keptStanding(db: DbOrTx, medicId: number, patientId: number, load: () => Promise<MedicStanding>): Promise<Readonly<MedicStanding>> {
  return keptStandings.at(db, `${medicId}:${patientId}`, await accessVersionLaterInRequest(db), async () => deepFreeze(await load()));
}
