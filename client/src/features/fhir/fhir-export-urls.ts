// Where a record's FHIR export is downloaded from (API.md "Export and API description").
export const medicFhirExportUrl = (idPatient: number) => `/api/patients/${idPatient}/fhir`;
export const ownFhirExportUrl = '/api/patients/me/fhir';
