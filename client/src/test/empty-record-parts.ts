// The parts of a record with nothing in them, as both the patient's own record (patients.me) and the
// medic's view of it (medics.patientDetail) carry them; a fresh set each call, so no test sees
// another's additions.
export function emptyRecordParts() {
  return {
    allergies: [],
    vitals: [],
    labs: [],
    vaccines: [],
    pathologicalRecords: [],
    contacts: [],
    familyHistory: [],
    lifestyle: null,
    insurance: null,
    profession: null,
    religion: null,
    nationality: null,
    education: null,
    documentType: null,
    files: [],
  };
}
