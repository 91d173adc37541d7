// DocumentReference for each uploaded document: what it is, never its bytes (an export can travel
// where the documents should not; the record's document routes serve them to who may read them).
import type { DocumentReference } from '@medplum/fhirtypes';
import type { RecordFile } from '../../shared/record';
import { fhirInstant } from './dates';
import { entryOf, present, type ExportScope } from './entry';

export function documentEntry(scope: ExportScope, file: RecordFile) {
  const comment = present(file.comment);
  const resource: DocumentReference = {
    resourceType: 'DocumentReference',
    status: 'current',
    type: { text: file.mainType },
    subject: scope.patient,
    date: fhirInstant(file.date),
    ...(comment ? { description: comment } : {}),
    content: [{ attachment: { contentType: file.mimeType, title: file.name, size: file.size, creation: fhirInstant(file.date) } }],
  };
  return entryOf(scope.fullUrl('document', file.idFile), resource);
}
