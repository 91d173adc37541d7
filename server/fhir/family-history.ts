// FamilyMemberHistory for each line of the family history (antecedentes heredo-familiares). The
// relative is free text in the record ("abuela materna"), so it travels as text rather than as a
// guessed v3-RoleCode; the record says what the relative had, not whether that is all they had, so
// the status is "partial".
import type { FamilyMemberHistory } from '@medplum/fhirtypes';
import type { FamilyHistory } from '../../shared/record';
import { entryOf, present, type ExportScope } from './entry';

export function familyHistoryEntry(scope: ExportScope, item: FamilyHistory) {
  const notes = present(item.notes);
  const resource: FamilyMemberHistory = {
    resourceType: 'FamilyMemberHistory',
    status: 'partial',
    patient: scope.patient,
    relationship: { text: item.relative },
    condition: [{ code: { text: item.condition }, ...(notes ? { note: [{ text: notes }] } : {}) }],
  };
  return entryOf(scope.fullUrl('family-history', item.idFamilyHistory), resource);
}
