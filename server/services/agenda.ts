// The medic's agenda: their own appointments over a range of days, with the patients they are
// still linked to. One prepared statement walks the (medic_id, date) index over the range and joins
// each row to its link, patient and name by primary key, so a week costs one indexed read
// whatever the practice's size, and no query runs per appointment. A range once read is kept in
// memory, with its JSON, at the medic's agenda_version (migration 0019), which every change to what
// it shows replaces: on a decade's busiest week (161 appointments) reading and serializing it again
// was most of each request.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { agendaRangeIssue, type AgendaItem, type AgendaRange } from '../../shared/agenda';
import { localDay } from '../../shared/dates';
import { englishIssueMessage } from '../error-mapping';
import { auditedRead } from '../audit/record-audit';
import type { DbOrTx } from '../db/client';
import { prepared } from '../db/prepared';
import { deepFreeze, versionedCache } from '../db/versioned-cache';
import { withKnownJson } from '../json-text';
import { clinicalHistories, medicPatientCounts, medicPatients, patients, users } from '../db/schema/index';
import { AppError } from '../errors';
import { auditAs, type MedicCaller } from './caller';

const selectAgenda = prepared('agenda.appointments-in-range', (db) =>
  db
    .select({
      idHistory: clinicalHistories.id,
      idPatient: clinicalHistories.patientId,
      patient: { name: users.name, lname: users.lname, birthDate: patients.birthDate },
      date: clinicalHistories.date,
      start: clinicalHistories.start,
      end: clinicalHistories.end,
      motive: clinicalHistories.motive,
      closed: clinicalHistories.closed,
    })
    .from(clinicalHistories)
    // An appointment with a patient who has since unlinked stays in the record, not in this agenda.
    .innerJoin(
      medicPatients,
      and(eq(medicPatients.medicId, clinicalHistories.medicId), eq(medicPatients.patientId, clinicalHistories.patientId)),
    )
    .innerJoin(patients, eq(patients.id, clinicalHistories.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        eq(clinicalHistories.medicId, sql.placeholder('medicId')),
        gte(clinicalHistories.date, sql.placeholder('from')),
        lte(clinicalHistories.date, sql.placeholder('until')),
      ),
    )
    .orderBy(asc(clinicalHistories.date), asc(clinicalHistories.start), asc(clinicalHistories.id)),
);

/**
 * The appointments of `medicId` whose day is in from..to. Dates are practice-local moments
 * (YYYY-MM-DDTHH:mm, never with seconds), so the last day ends at its 23:59.
 */
export async function agendaOf(db: DbOrTx, medicId: number, from: string, to: string): Promise<AgendaItem[]> {
  return await selectAgenda.all(db, { medicId, from, until: `${to}T23:59` });
}

/** The range a request asks for, today filling in what it leaves out; refused when too long or backwards. */
export function agendaRange(input: AgendaRange, today: string): { from: string; to: string } {
  const from = input.from ?? today;
  const to = input.to ?? from;
  const issue = agendaRangeIssue(from, to);
  if (issue) {
    throw new AppError('VALIDATION_FAILED', `Invalid input. to: ${englishIssueMessage(issue)}`, [{ path: 'to', message: issue }]);
  }
  return { from, to };
}

const selectAgendaVersion = prepared('agenda.version', (db) =>
  db
    .select({ version: medicPatientCounts.agendaVersion })
    .from(medicPatientCounts)
    .where(eq(medicPatientCounts.medicId, sql.placeholder('medicId'))),
);

/** Ranges kept per connection: a week or a day of each medic lately looked at (a busy week's JSON is about 35 KB). */
const keptAgendas = versionedCache<string, { appointments: AgendaItem[] }>(64);

/**
 * The agenda of the range as the database holds it now: from memory when kept at the medic's
 * current agenda_version (frozen, its JSON made once), else read and kept. A medic who was never
 * linked to anyone has no version, and an agenda that is empty.
 */
async function currentAgenda(db: DbOrTx, medicId: number, from: string, to: string): Promise<{ appointments: AgendaItem[] }> {
  const version = (await selectAgendaVersion.get(db, { medicId }))?.version;
  const read = async () => withKnownJson(deepFreeze({ appointments: await agendaOf(db, medicId, from, to) }));
  return version === undefined ? { appointments: await agendaOf(db, medicId, from, to) } : await keptAgendas.at(db, `${medicId}:${from}:${to}`, version, read);
}

/** GET /medics/agenda: the caller's appointments in the range, audited as one read. */
export async function readAgenda(caller: MedicCaller, input: AgendaRange): Promise<{ appointments: AgendaItem[] }> {
  const { from, to } = agendaRange(input, localDay(caller.now));
  return await auditedRead(caller.db, async (db) => {
    const agenda = await currentAgenda(db, caller.actor.medicId, from, to);
    await auditAs(caller, { action: 'agenda.read', outcome: 'success', detail: `${from}..${to}: ${agenda.appointments.length} appointments` }, db);
    return agenda;
  });
}
