// What every resource mapper shares: how a row gets its stable fullUrl, the reference to the
// patient, and FHIR's rule that a value is never an empty string (an absent value is left out).
import type { BundleEntry, Patient, Reference, Resource } from '@medplum/fhirtypes';

export interface ExportScope {
  /** The stable `urn:uuid:` of one row's resource (ids.ts). */
  fullUrl(kind: string, rowId: number | string): string;
  /** The bundle's Patient, which every other resource is about. */
  patient: Reference<Patient>;
}

const URN_UUID = 'urn:uuid:';

/** An entry whose resource's id is its fullUrl's uuid, so the two never disagree. */
export function entryOf<T extends Resource>(fullUrl: string, resource: T): BundleEntry<T> {
  return { fullUrl, resource: { ...resource, id: fullUrl.slice(URN_UUID.length) } };
}

export const uuidUrl = (uuid: string) => `${URN_UUID}${uuid}`;

/** The text when it says something; FHIR refuses empty and blank strings. */
export function present(text: string | null | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed ? trimmed : undefined;
}

/** A list with its absent members left out, or nothing when none is left (FHIR refuses empty arrays). */
export function listOf<T>(...items: (T | undefined)[]): T[] | undefined {
  const kept = items.filter((item): item is T => item !== undefined);
  return kept.length ? kept : undefined;
}
