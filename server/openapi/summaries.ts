// One line per procedure for the API description's readers (API.md's routes, in short). A
// procedure without a line here is still described, under its own name.
const summaries: Record<string, string> = {
  'auth.register': 'Register a patient or a medic (a medic after the administrator waits for approval)',
  'auth.login': 'Sign in: a session token and the user',
  'auth.profile': 'The signed-in user',
  'auth.logout': 'Sign out: the token is revoked',
  'auth.changePassword': 'Change your password; every other session ends',
  'admin.medics': 'Every medic account, pending first',
  'admin.approveMedic': 'Approve a pending medic',
  'admin.disableMedic': "Disable a medic; their sessions end at once",
  'admin.enableMedic': 'Enable a disabled medic',
  'admin.findAccount': 'Find an account by its exact email',
  'admin.resetPassword': 'Reset an account to a temporary password, shown once',
  'admin.emergencyAccesses': 'Every emergency access, newest first',
  'admin.backupStatus': 'The backup schedule and the outcome of its last run',
  'admin.updatePractice': "Edit the practice's name, address, city and phone that prescriptions print (blank clears one)",
  'admin.auditEvents':
    'The audit trail, newest first, 50 a page: filter by practice-local days `from`–`to` (both counted), the actor `idUser`, `idPatient`, ' +
    '`action` (exact, or every action of a family when it ends with a dot: `prescription.`) and `outcome`. The viewing is audited',
  'admin.verifyAudit': "Check the audit trail's chain and its sealed head, as `npm run audit:verify` does. The check is audited",
  'practice.details': "The practice's name, address, city and phone, as prescriptions print them",
  'medics.myPatients': 'Your linked patients: the whole list, or a page of it with limit, q and cursor',
  'medics.searchPatients': 'Search your patients (any field) and others (exact email)',
  'medics.agenda': 'Your appointments with linked patients from `from` to `to` (calendar dates: `from` defaults to today, `to` to `from`; at most 62 days), by date then start',
  'medics.linkPatient': 'Ask a patient to link you as their doctor',
  'medics.linkRequests': 'Your link requests, pending or declined',
  'medics.withdrawLinkRequest': 'Withdraw a link request',
  'medics.emergencyAccess': "Open a patient's record read-only for an emergency, stating the reason",
  'medics.me': 'Your doctor profile',
  'medics.updateMe': 'Edit your doctor profile',
  'medics.unlinkPatient': 'Unlink a patient',
  'medics.searchDoctors': 'Search doctors by name or email',
  'medics.prescribedDrugs': 'Drugs the practice prescribed before whose name or a word of it starts with `q` (2 characters or more), most prescribed first',
  'medics.patientDetail': "A linked patient's whole record",
  'medics.deleteFile': "Delete a document from a patient's record",
  'patients.me': 'Your own record, your doctors and pending link requests',
  'patients.myFhir': 'Your own record as a FHIR R4 Bundle (collection), to download',
  'patients.fhirExport': "A patient's whole record (yours, or a linked or emergency-accessed patient's) as a FHIR R4 Bundle (collection), to download",
  'patients.accessLog': 'Who read or changed your record, newest first',
  'patients.linkDoctor': 'Link a doctor by their email',
  'patients.acceptLinkRequest': "Accept a doctor's link request",
  'patients.declineLinkRequest': "Decline a doctor's link request",
  'patients.unlinkDoctor': 'Unlink one of your doctors',
  'patients.create': 'Create a patient (a new account, or for an existing patient account), linked to you',
  'patients.list': 'Your linked patients, whole',
  'patients.byId': 'One patient',
  'patients.update': "Edit a patient's data",
  'catalog.diagnoses': 'Search the diagnosis catalog by code (with or without its dot) or by words, in Spanish or English',
  'clinicalHistory.create': 'Add an appointment',
  'clinicalHistory.update': 'Edit an appointment (only while its day is today or later; never onto a day before today)',
  'clinicalHistory.remove': 'Delete an appointment (only while its day is today or later, and holding no prescription or addendum)',
  'clinicalHistory.prescribe': "Issue a prescription at an appointment (on the appointment's day; your profile needs a licence number)",
  'clinicalHistory.prescription': 'One prescription (a linked medic, or the patient it belongs to)',
  'clinicalHistory.voidPrescription': 'Void a prescription you issued, the same day, with a reason; it is never deleted',
  'clinicalHistory.addAddendum': 'Add a dated addendum to an appointment (any day); it is never edited or deleted',
};

const collectionVerbs: Record<string, string> = { add: 'Add an item to', update: 'Edit an item of', remove: 'Delete an item of' };

export function summaryOf(procedure: string): string {
  const own = summaries[procedure];
  if (own) return own;
  const collection = /^patients\.(\w+)\.(add|update|remove)$/.exec(procedure);
  if (collection) {
    const name = collection[1]!.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
    return `${collectionVerbs[collection[2]!]} a patient's ${name}`;
  }
  return procedure;
}
