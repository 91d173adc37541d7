// What a patient card shows beyond the filter index (blood type, last and next appointment, how many), for
// the patients a filter chose, kept per connection at each patient's record_version, which every
// change to their appointments or to their own row (blood type included) replaces (migrations 0006
// and 0020): a medic's new filters keep landing on patients already shown, and counting their
// appointments again by (patient_id, date) was, at random places in a decade's 2 GiB file, a
// quarter of a filtered page's CPU. The versions are read for the whole page as one text: 51 rows
// made into objects cost 90–110 µs a page, the same lookups as one string 53 µs.
// A card kept also holds only until its next appointment begins (card-appointments.ts).
import type { PatientListItem } from '../../shared/patients';
import type { DbOrTx } from '../db/client';
import { engineNameOf } from '../db/engine';
import { preparedPerConnection } from '../db/prepared';
import { rawGet, rawRows } from '../db/raw-sql';
import { versionedCache } from '../db/versioned-cache';
import { appointmentColumnsFor, stillHolds, type ReadAt } from './card-appointments';
import { positional } from '../db/named-parameters';

export type CardFigures = Pick<
  PatientListItem,
  'idPatient' | 'bloodGroup' | 'bloodRh' | 'lastAppointment' | 'nextAppointment' | 'appointmentCount'
>;

/** A card as read at a moment (`readAt`), right until its next appointment (`until`). */
type ReadCard = CardFigures & ReadAt;
type KeptCard = Omit<ReadCard, 'idPatient'>;

const holdsAt = (now: string) => (card: ReadAt) => stillHolds(card, now);

/** Patients whose cards are kept per connection: a decade's whole practice (about 8 MB). */
const KEPT_PATIENTS = 60_000;
const keptCards = versionedCache<number, KeptCard>(KEPT_PATIENTS);

// By primary key, ids outside (CROSS JOIN): "id:version,id:version…" for those that exist.
// PostgreSQL: json_array_elements_text and string_agg for json_each and group_concat.
const VERSIONS = {
  sqlite: `SELECT group_concat(pt.id || ':' || pt.record_version) AS versions FROM json_each(?) chosen CROSS JOIN patients pt ON pt.id = chosen.value`,
  postgres: `SELECT string_agg(pt.id || ':' || pt.record_version, ',') AS versions
    FROM json_array_elements_text($1::json) AS chosen(value) CROSS JOIN patients pt WHERE pt.id = chosen.value::bigint`,
};

// Named parameters (named-parameters.ts) read `:name` too: the PostgreSQL text casts with CAST, not `::`.
const CARDS = {
  sqlite: `SELECT pt.id AS "idPatient", pt.blood_group AS "bloodGroup", pt.blood_rh AS "bloodRh", ${appointmentColumnsFor('pt.id')},
    (SELECT count(*) FROM clinical_histories h WHERE h.patient_id = pt.id) AS "appointmentCount"
  FROM json_each(@ids) chosen CROSS JOIN patients pt ON pt.id = chosen.value`,
  postgres: `SELECT pt.id AS "idPatient", pt.blood_group AS "bloodGroup", pt.blood_rh AS "bloodRh", ${appointmentColumnsFor('pt.id')},
    (SELECT count(*) FROM clinical_histories h WHERE h.patient_id = pt.id) AS "appointmentCount"
  FROM json_array_elements_text(CAST(@ids AS json)) AS chosen(value) CROSS JOIN patients pt WHERE pt.id = CAST(chosen.value AS bigint)`,
};

/** "id:version,…" as id → version (the version as better-sqlite3 would give it, a double). */
function versionsIn(text: string | null): Map<number, number> {
  const versions = new Map<number, number>();
  if (!text) return versions;
  for (const pair of text.split(',')) {
    const colon = pair.indexOf(':');
    versions.set(Number(pair.slice(0, colon)), Number(pair.slice(colon + 1)));
  }
  return versions;
}

/** One medic's list at one list_version: the cards it has shown, by patient. */
interface ShownCards {
  listVersion: number;
  cards: Map<number, ReadCard>;
}

// The cards each medic's list has shown, per connection, while the medic's list_version stays the
// same. That version changes with anything the list shows of any of the medic's patients (blood
// type, appointments, a link: migration 0008), so a card shown at it is still exactly right: a
// medic typing one filter after another at a quiet moment reads no card twice. After any change the
// medic's cards are checked against their record versions again, as above.
const shownCardsOf = preparedPerConnection(() => new Map<number, ShownCards>());

/** The medic's shown cards at `listVersion`, started afresh when the version moved. */
function shownAt(db: DbOrTx, medicId: number, listVersion: number): Map<number, ReadCard> {
  const byMedic = shownCardsOf(db);
  let shown = byMedic.get(medicId);
  if (shown?.listVersion !== listVersion) {
    shown = { listVersion, cards: new Map() };
    byMedic.set(medicId, shown);
  }
  return shown.cards;
}

/**
 * The card figures of `ids`, in their order; a patient no longer in the database is left out (the
 * caller compares). Read inside the caller's transaction, so versions and cards are one snapshot,
 * and so is `list`, the medic's list_version: cards this medic's list showed at that version are
 * not read again while their next appointment has not begun. `now` is the practice-local moment
 * (card-appointments.ts).
 */
export async function cardFiguresOf(db: DbOrTx, ids: number[], list: { medicId: number; listVersion: number }, now: string): Promise<CardFigures[]> {
  const shown = shownAt(db, list.medicId, list.listVersion);
  const holds = holdsAt(now);
  const missing = ids.filter((id) => {
    const card = shown.get(id);
    return card === undefined || !holds(card);
  });
  if (missing.length) for (const card of await readCards(db, missing, now)) shown.set(card.idPatient, card);
  return ids.flatMap((id) => shown.get(id) ?? []);
}

/** The cards of `ids` as the database holds them at `now`: from memory when kept at their record version and still right. */
async function readCards(db: DbOrTx, ids: number[], now: string): Promise<ReadCard[]> {
  const holds = holdsAt(now);
  const versions = versionsIn((await rawGet<{ versions: string | null }>(db, VERSIONS, [JSON.stringify(ids)]))?.versions ?? null);
  const present = ids.filter((id) => versions.has(id));
  const stale = present.filter((id) => keptCards.kept(db, id, versions.get(id)!, holds) === undefined);
  const statement = positional(CARDS[engineNameOf(db)], { ids: JSON.stringify(stale), now });
  const cards = stale.length ? await rawRows<CardFigures>(db, statement.text, statement.args) : [];
  const read = new Map(cards.map((card) => [card.idPatient, card]));
  const result: ReadCard[] = [];
  for (const idPatient of present) {
    const card = await keptCards.at(
      db,
      idPatient,
      versions.get(idPatient)!,
      async () => {
        const { bloodGroup, bloodRh, lastAppointment, nextAppointment, appointmentCount } = read.get(idPatient)!;
        return { bloodGroup, bloodRh, lastAppointment, nextAppointment, appointmentCount, readAt: now, until: nextAppointment };
      },
      holds,
    );
    result.push({ idPatient, ...card });
  }
  return result;
}
