-- The database's rules, written by hand: the PostgreSQL form of the SQLite migrations' triggers
-- (drizzle/00xx_*.sql, named after each below). Every rule holds for every connection, psql's included,
-- and refuses with the same message as on SQLite: the server maps those messages to its answers.
-- Triggers keep the SQLite names; PostgreSQL fires a table's triggers in the order of their names.

-- A new random version for the counters the server keeps things in memory at (record, list, filter,
-- agenda, access): SQLite's random(), but within JavaScript's safe integers, as the runtime reads
-- bigint as a number. Random, not +1: a rolled-back change can never leave behind a version a later
-- change would reuse.
CREATE FUNCTION expediente_random_version() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT floor(random() * 9007199254740991)::bigint
$$;
--> statement-breakpoint

-- A trigger function that refuses the write with the message given as the trigger's argument.
CREATE FUNCTION expediente_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = TG_ARGV[0], ERRCODE = 'raise_exception';
END
$$;
--> statement-breakpoint

-- 0001: the audit trail is append-only: any UPDATE or DELETE of an audit event fails.
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
FOR EACH ROW EXECUTE FUNCTION expediente_refuse('audit_events is append-only');
--> statement-breakpoint
CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
FOR EACH ROW EXECUTE FUNCTION expediente_refuse('audit_events is append-only');
--> statement-breakpoint
-- TRUNCATE skips row triggers: it is refused as a whole (SQLite has no TRUNCATE; its DELETE is covered above).
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
FOR EACH STATEMENT EXECUTE FUNCTION expediente_refuse('audit_events is append-only');
--> statement-breakpoint

-- 0014: a new event never names an existing id. On PostgreSQL an insert over an existing id already
-- fails on the primary key; this gives it the trail's own message, as SQLite does for INSERT OR REPLACE.
CREATE FUNCTION audit_events_no_replace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM audit_events WHERE id = NEW.id) THEN
    RAISE EXCEPTION 'audit_events is append-only: an event is never replaced';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_no_replace BEFORE INSERT ON audit_events
FOR EACH ROW EXECUTE FUNCTION audit_events_no_replace();
--> statement-breakpoint

-- 0013: an issued prescription is never edited nor deleted: the one change it takes is being voided,
-- once (voided_at and void_reason set together, nothing else). An addendum and a prescription's items
-- are final. The server checks the same rules first, so a user never meets these errors.
CREATE TRIGGER prescriptions_never_deleted BEFORE DELETE ON prescriptions
FOR EACH ROW EXECUTE FUNCTION expediente_refuse('prescriptions are never deleted: void it instead');
--> statement-breakpoint
CREATE FUNCTION prescriptions_only_voided() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.voided_at IS NOT NULL
    OR NEW.voided_at IS NULL OR NEW.void_reason IS NULL
    OR NEW.id IS DISTINCT FROM OLD.id OR NEW.history_id IS DISTINCT FROM OLD.history_id
    OR NEW.patient_id IS DISTINCT FROM OLD.patient_id OR NEW.medic_id IS DISTINCT FROM OLD.medic_id
    OR NEW.year IS DISTINCT FROM OLD.year OR NEW.seq IS DISTINCT FROM OLD.seq
    OR NEW.number IS DISTINCT FROM OLD.number OR NEW.issued_at IS DISTINCT FROM OLD.issued_at
    OR NEW.prescriber IS DISTINCT FROM OLD.prescriber OR NEW.patient IS DISTINCT FROM OLD.patient
    OR NEW.practice IS DISTINCT FROM OLD.practice OR NEW.diagnoses IS DISTINCT FROM OLD.diagnoses
    OR NEW.notes IS DISTINCT FROM OLD.notes
  THEN
    RAISE EXCEPTION 'an issued prescription is never edited: it can only be voided, once';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER prescriptions_only_voided BEFORE UPDATE ON prescriptions
FOR EACH ROW EXECUTE FUNCTION prescriptions_only_voided();
--> statement-breakpoint
CREATE TRIGGER prescription_items_never_updated BEFORE UPDATE ON prescription_items
FOR EACH ROW EXECUTE FUNCTION expediente_refuse('the items of an issued prescription are never edited');
--> statement-breakpoint
CREATE TRIGGER prescription_items_never_deleted BEFORE DELETE ON prescription_items
FOR EACH ROW EXECUTE FUNCTION expediente_refuse('the items of an issued prescription are never deleted');
--> statement-breakpoint
CREATE TRIGGER addenda_never_updated BEFORE UPDATE ON addenda
FOR EACH ROW EXECUTE FUNCTION expediente_refuse('an addendum is never edited');
--> statement-breakpoint
CREATE TRIGGER addenda_never_deleted BEFORE DELETE ON addenda
FOR EACH ROW EXECUTE FUNCTION expediente_refuse('an addendum is never deleted');
--> statement-breakpoint
-- What is kept for good is not emptied by TRUNCATE either.
CREATE TRIGGER prescriptions_never_truncated BEFORE TRUNCATE ON prescriptions
FOR EACH STATEMENT EXECUTE FUNCTION expediente_refuse('prescriptions are never deleted: void it instead');
--> statement-breakpoint
CREATE TRIGGER prescription_items_never_truncated BEFORE TRUNCATE ON prescription_items
FOR EACH STATEMENT EXECUTE FUNCTION expediente_refuse('the items of an issued prescription are never deleted');
--> statement-breakpoint
CREATE TRIGGER addenda_never_truncated BEFORE TRUNCATE ON addenda
FOR EACH STATEMENT EXECUTE FUNCTION expediente_refuse('an addendum is never deleted');
--> statement-breakpoint

-- 0022: what the database can judge without the practice's clock: a note keeps its author and the
-- moment it was written (a removed medic's account still sets medic_id null through its foreign key),
-- and a measurement never moves to another consultation. UPDATE OF fires, as on SQLite, when the
-- statement sets the column, changed or not; the WHEN then looks at the values.
CREATE TRIGGER clinical_histories_author_fixed BEFORE UPDATE OF medic_id, created_at ON clinical_histories
FOR EACH ROW
WHEN (NEW.created_at IS DISTINCT FROM OLD.created_at OR (NEW.medic_id IS DISTINCT FROM OLD.medic_id AND NEW.medic_id IS NOT NULL))
EXECUTE FUNCTION expediente_refuse('a consultation note keeps its author and the moment it was written');
--> statement-breakpoint
CREATE TRIGGER vitals_consultation_fixed BEFORE UPDATE OF history_id ON vitals
FOR EACH ROW
WHEN (NEW.history_id IS DISTINCT FROM OLD.history_id AND NEW.history_id IS NOT NULL)
EXECUTE FUNCTION expediente_refuse('a vital sign stays with the consultation it was recorded at');
--> statement-breakpoint
CREATE TRIGGER labs_consultation_fixed BEFORE UPDATE OF history_id ON labs
FOR EACH ROW
WHEN (NEW.history_id IS DISTINCT FROM OLD.history_id AND NEW.history_id IS NOT NULL)
EXECUTE FUNCTION expediente_refuse('a lab result stays with the consultation it was recorded at');
