// `npm run demo [-- --data-dir DIR]`: seeds an encrypted demo practice into DATA_DIR (default ./data,
// as the server reads it) and prints how to start and unlock it and how to sign in. Its passphrase
// is PASSPHRASE_FILE's or PASSPHRASE's, else one made for it and printed, with the recovery key.
// Refuses, changing nothing, when DATA_DIR already holds a practice. The seeding itself lives in demo/.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { practiceText } from '../practice-messages/practice-text';
import { PracticeExistsError, seedDemoPractice, type DemoPractice } from './demo/practice';

/** A word as a POSIX shell reads it back: as it is when it holds nothing the shell would take apart. */
const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

function report(practice: DemoPractice, seconds: number): string {
  const text = practiceText();
  const dataDirHint = resolve(practice.dataDir) === resolve('data') ? '' : `DATA_DIR=${shellWord(practice.dataDir)} `;
  const { passphrase } = practice;
  const passphraseHint =
    passphrase.from === 'generated'
      ? `PASSPHRASE=${shellWord(passphrase.value)}`
      : passphrase.from === 'PASSPHRASE_FILE'
        ? `PASSPHRASE_FILE=${shellWord(passphrase.file)}`
        : `PASSPHRASE='(${text.demoYourPassphrase})'`;
  return [
    text.demoCreated({
      dataDir: practice.dataDir,
      seconds: seconds.toFixed(1),
      patients: practice.patients,
      shared: practice.sharedPatients,
      today: practice.todaysAppointments,
      coming: practice.comingAppointments,
    }),
    text.demoDay({
      practice: practice.practiceName,
      held: practice.heldToday,
      prescriptions: practice.prescriptions,
      voided: practice.voidedPrescriptions,
      addenda: practice.addenda,
    }),
    '',
    text.demoEncrypted,
    passphrase.from === 'generated' ? text.demoPassphraseMade({ passphrase: passphrase.value }) : text.demoPassphraseGiven({ source: passphrase.from }),
    text.demoRecoveryKey({ recoveryKey: practice.recoveryKey }),
    '',
    text.demoStartEncrypted({ command: `${dataDirHint}${passphraseHint} npm start`, plain: `${dataDirHint}npm start` }),
    '',
    text.demoPassword({ password: practice.password }),
    text.demoAdministrator(practice.administrator),
    ...practice.medics.map((medic) => text.demoMedic(medic)),
    text.demoPatient(practice.featuredPatient),
    ...(practice.diagnosisCodesLeftOut.length ? ['', text.demoCodesLeftOut({ codes: practice.diagnosisCodesLeftOut.join(', ') })] : []),
  ].join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(practiceText().demoUsage);
    return 0;
  }
  const env = values['data-dir'] ? { ...process.env, DATA_DIR: values['data-dir'] } : process.env;
  const config = loadConfig(env);
  const started = performance.now();
  try {
    const practice = await seedDemoPractice(config);
    console.log(report(practice, (performance.now() - started) / 1000));
    return 0;
  } catch (error) {
    if (!(error instanceof PracticeExistsError)) throw error;
    console.error(error.message);
    return 1;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
