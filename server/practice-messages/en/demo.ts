// The practice's messages for `npm run demo`: the demo practice seeded, and how to start and sign
// in to it; in English. The same keys as es/, checked by the type.
import type { demo as spanish } from '../es/demo';

export const demo: typeof spanish = {
  demoUsage: 'Usage: npm run demo [-- --data-dir DIR]   seeds a demo practice into DIR (default: DATA_DIR, or ./data)',
  demoPracticeExists: ({ path, accounts }) =>
    `${path} already holds a practice (${accounts} accounts): the demo never writes over one. Choose an empty DATA_DIR (or --data-dir DIR).`,
  demoCreated: (p) =>
    `Demo practice created in ${p.dataDir} in ${p.seconds} s: ${p.patients} patients (${p.shared} seen by both medics), ` +
    `${p.today} appointments today and ${p.coming} booked up to next Friday.`,
  demoDay: (p) => `${p.practice}: ${p.held} of today's consultations already held, with ${p.prescriptions} prescriptions (${p.voided} voided); ${p.addenda} addenda on past visits.`,
  demoPassword: ({ password }) => `Every account's password: ${password}`,
  demoAdministrator: ({ email, name }) => `  administrator  ${email}  (${name}; Administration in the user menu)`,
  demoMedic: ({ email, name, patients }) => `  medic          ${email}  (${name}, ${patients} patients)`,
  demoPatient: ({ email, name }) => `  patient        ${email}  (${name}: two documents and an appointment today)`,
  demoCodesLeftOut: ({ codes }) => `Appointments were written without ${codes}: no diagnosis catalog holds them (CATALOG_DIR; see docs/clinical.md).`,

  demoEncryptedPracticeExists: ({ path }) =>
    `${path}: this DATA_DIR already holds an encrypted practice, and the demo never writes over one. Choose an empty DATA_DIR (or --data-dir DIR).`,
  demoPlainDatabaseExists: ({ path }) =>
    `${path} is an unencrypted database with no accounts yet: the demo makes an encrypted practice and does not write over it. Choose an empty DATA_DIR (or --data-dir DIR).`,
  demoEncrypted:
    'Everything DATA_DIR holds is encrypted (the database, the documents and the keys): it opens only with the practice passphrase or its recovery key.',
  demoPassphraseMade: ({ passphrase }) => `Practice passphrase (made for this demo): ${passphrase}`,
  demoPassphraseGiven: ({ source }) => `Practice passphrase: the one in ${source}`,
  demoRecoveryKey: ({ recoveryKey }) => `Recovery key (opens the practice if the passphrase is lost; a real practice prints it and keeps it apart): ${recoveryKey}`,
  demoYourPassphrase: 'your passphrase',
  demoStartEncrypted: ({ command, plain }) =>
    `Start it:  ${command}   (or ${plain} and type the passphrase on the unlock page; then open the URL it prints, http://127.0.0.1:3000 by default)`,
};
