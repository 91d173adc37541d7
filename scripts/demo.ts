// `npm run demo [-- --data-dir DIR]`: seeds a demo practice into DATA_DIR (default ./data, as the
// server reads it) and prints how to sign in. Refuses, changing nothing, when DATA_DIR already
// holds a practice. The seeding itself lives in scripts/demo/.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { PracticeExistsError, seedDemoPractice, type DemoPractice } from './demo/practice';

function report(practice: DemoPractice, seconds: number): string {
  const dataDirHint = resolve(practice.dataDir) === resolve('data') ? '' : `DATA_DIR=${practice.dataDir} `;
  return [
    `Demo practice created in ${practice.dataDir} in ${seconds.toFixed(1)} s: ${practice.patients} patients (${practice.sharedPatients} seen by both medics), ${practice.todaysAppointments} appointments today and ${practice.comingAppointments} booked up to next Friday.`,
    `${practice.practiceName}: ${practice.heldToday} of today's consultations already held, with ${practice.prescriptions} prescriptions (${practice.voidedPrescriptions} voided); ${practice.addenda} addenda on past visits.`,
    '',
    `Start it:  ${dataDirHint}npm start   (then open the URL it prints, http://127.0.0.1:3000 by default)`,
    '',
    `Every account's password: ${practice.password}`,
    `  administrator  ${practice.administrator.email}  (${practice.administrator.name}; Administration in the user menu)`,
    ...practice.medics.map((medic) => `  medic          ${medic.email}  (${medic.name}, ${medic.patients} patients)`),
    `  patient        ${practice.featuredPatient.email}  (${practice.featuredPatient.name}: two documents and an appointment today)`,
    ...(practice.diagnosisCodesLeftOut.length
      ? ['', `Appointments were written without ${practice.diagnosisCodesLeftOut.join(', ')}: no diagnosis catalog holds them (CATALOG_DIR; see the README).`]
      : []),
  ].join('\n');
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('Usage: npm run demo [-- --data-dir DIR]   seeds a demo practice into DIR (default: DATA_DIR, or ./data)');
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
