// One line per procedure for the API description's readers (API.md's routes, in short). A
// procedure without a line here is still described, under its own name.
const summaries: Record<string, string> = {
  'auth.register': 'Register a patient or a medic (a medic after the administrator waits for approval)',
  'auth.login': 'Sign in: a session token and the user, or, for an account with a second factor, a challenge to answer',
  'auth.profile': 'The signed-in user',
  'auth.logout': 'Sign out: the token is revoked',
  'auth.changePassword': 'Change your password; every other session ends',
  'auth.loginSecondFactor':
    "Sign in, second step: the password step's `challenge` with a code from the authenticator app or a recovery code; a session. A wrong code counts like a wrong password",
  'auth.totpSetup': 'Start setting up an authenticator app: a new secret and its otpauth:// URI (not active until enabled)',
  'auth.totpEnable': 'Turn the authenticator app on with its first code: ten recovery codes, shown this once',
  'auth.totpDisable': 'Turn the authenticator app off (your password again); its recovery codes go with it',
  'admin.resetSecondFactor': "Remove an account's second factors (app, recovery codes, passkeys) and end its sessions; its password stays",
  'auth.passkeyRegistrationOptions':
    'Start registering a passkey: WebAuthn creation options (discoverable, user verification required), valid 5 minutes, for navigator.credentials.create()',
  'auth.passkeyRegistration': "Register a passkey: the browser's answer to the creation options and a name for it",
  'auth.passkeys': 'Your passkeys',
  'auth.deletePasskey': 'Delete one of your passkeys',
  'auth.passkeyAuthenticationOptions':
    "Start a passkey sign-in: WebAuthn request options, valid 5 minutes. With the password step's `challenge`, the account's passkeys; without, any passkey the device holds for this host",
  'auth.passkeyAuthentication':
    "Sign in with a passkey: the browser's answer to the request options (and the password step's `challenge` when there is one); a session",
  'admin.medics': 'Every medic account, pending first',
  'admin.approveMedic': 'Approve a pending medic',
  'admin.disableMedic': "Disable a medic; their sessions end at once",
  'admin.enableMedic': 'Enable a disabled medic',
  'admin.findAccount': 'Find an account by its exact email',
  'admin.resetPassword': 'Reset an account to a temporary password, shown once',
  'admin.emergencyAccesses': 'Every emergency access, newest first',
  'admin.backupStatus': 'The backup schedule and the outcome of its last run',
  'admin.updatePractice':
    "Edit the practice's name, address, city and phone that prescriptions print (blank clears one), and whether medics need a second factor",
  'admin.auditEvents':
    'The audit trail, newest first, 50 a page: filter by practice-local days `from`–`to` (both counted), the actor `idUser`, `idPatient`, ' +
    '`action` (exact, or every action of a family when it ends with a dot: `prescription.`) and `outcome`. The viewing is audited',
  'admin.verifyAudit': "Check the audit trail's chain and its sealed head, as `npm run audit:verify` does. The check is audited",
  'practice.details': "The practice's name, address, city and phone, as prescriptions print them, and whether medics need a second factor",
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
  'medics.patientDetail': "A linked patient's record: every list whole but the newest 50 appointments, 100 vital signs and 100 lab results, with each one's total and next cursor",
  'medics.patientDetailHistory': "A page of a linked patient's appointments, newest first: `limit` 1–200 (50), after `cursor` (the record's historyNextCursor or a page's nextCursor)",
  'medics.patientDetailVitals': "A page of a linked patient's vital signs, newest first: `limit` 1–200 (50), after `cursor` (the record's vitalsNextCursor or a page's nextCursor)",
  'medics.patientDetailLabs': "A page of a linked patient's lab results, newest first: `limit` 1–200 (50), after `cursor` (the record's labsNextCursor or a page's nextCursor)",
  'medics.deleteFile': "Delete a document from a patient's record",
  'patients.me': 'Your own record (the newest 50 appointments, 100 vital signs and 100 lab results, each with its total and next cursor), your doctors and pending link requests',
  'patients.myHistory': 'A page of your own appointments, newest first: `limit` 1–200 (50), after `cursor`',
  'patients.myVitals': 'A page of your own vital signs, newest first: `limit` 1–200 (50), after `cursor`',
  'patients.myLabs': 'A page of your own lab results, newest first: `limit` 1–200 (50), after `cursor`',
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
