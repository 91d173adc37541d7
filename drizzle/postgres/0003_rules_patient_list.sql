-- Written by hand: what a medic's paged patient list stands on, as SQLite's migrations 0005, 0008,
-- 0017 and 0019 keep it. medic_patients copies each patient's name (the list's sort key), and
-- medic_patient_counts holds each medic's number of patients and the versions of what their list
-- (list_version), its filter (search_version) and their agenda (agenda_version) show: each replaced
-- by a new random value in the same transaction as any change to what it stands for.

-- The counters' generic triggers; the counter (a column of medic_patient_counts) is the argument.
-- The medics of the row (an appointment or a link): both, for a row moved to another medic.
CREATE FUNCTION expediente_counter_of_medic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE medic_patient_counts SET %I = expediente_random_version() WHERE medic_id IN ($1, $2)', TG_ARGV[0])
    USING NEW.medic_id, OLD.medic_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The medics linked to the row's patient (or patients): the patient's own row, or one of its record's.
-- (A trigger function is compiled for each table it serves: each branch names only its table's columns.)
CREATE FUNCTION expediente_counter_of_linked_medics() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  patient_ids bigint[];
BEGIN
  IF TG_TABLE_NAME = 'patients' THEN
    patient_ids := ARRAY[NEW.id, OLD.id];
  ELSE
    patient_ids := ARRAY[NEW.patient_id, OLD.patient_id];
  END IF;
  EXECUTE format('UPDATE medic_patient_counts SET %I = expediente_random_version()
    WHERE medic_id IN (SELECT medic_id FROM medic_patients WHERE patient_id = ANY ($1))', TG_ARGV[0])
    USING patient_ids;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The medics linked to the patient whose account the row is (none for a medic's account).
CREATE FUNCTION expediente_counter_of_patient_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE medic_patient_counts SET %I = expediente_random_version()
    WHERE medic_id IN (SELECT mp.medic_id FROM medic_patients mp JOIN patients p ON p.id = mp.patient_id WHERE p.user_id = $1)', TG_ARGV[0])
    USING NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A link made: the medic's counts row is made if it is not there yet (with 0 patients: the count's
-- own trigger adds the patient, in whichever order the two run), and the counter replaced.
CREATE FUNCTION expediente_counter_of_new_link() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO medic_patient_counts (medic_id, patients, %1$I) VALUES ($1, 0, expediente_random_version())
    ON CONFLICT (medic_id) DO UPDATE SET %1$I = expediente_random_version()', TG_ARGV[0])
    USING NEW.medic_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 0005: the sort key copied into each new link, whoever writes it. SQLite writes it with an update
-- after the insert; here the row is given it before it is written: the same row, one write.
CREATE FUNCTION medic_patients_sort_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.lname, u.name INTO NEW.lname, NEW.name
  FROM patients p JOIN users u ON u.id = p.user_id WHERE p.id = NEW.patient_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER medic_patients_sort_key BEFORE INSERT ON medic_patients
FOR EACH ROW EXECUTE FUNCTION medic_patients_sort_key();
--> statement-breakpoint
-- 0005, 0008: the number of patients of each medic, kept by the links' triggers, with list_version.
CREATE FUNCTION medic_patients_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO medic_patient_counts (medic_id, patients, list_version) VALUES (NEW.medic_id, 1, expediente_random_version())
  ON CONFLICT (medic_id) DO UPDATE SET patients = medic_patient_counts.patients + 1, list_version = expediente_random_version();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER medic_patients_count_insert AFTER INSERT ON medic_patients
FOR EACH ROW EXECUTE FUNCTION medic_patients_count_insert();
--> statement-breakpoint
CREATE FUNCTION medic_patients_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE medic_patient_counts SET patients = patients - 1, list_version = expediente_random_version() WHERE medic_id = OLD.medic_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER medic_patients_count_delete AFTER DELETE ON medic_patients
FOR EACH ROW EXECUTE FUNCTION medic_patients_count_delete();
--> statement-breakpoint
-- 0005: the list filter's index (SQLite: an FTS5 trigram table, folded for case and accents). Here a
-- table of each patient's folded full name ("name lname"), email and phone, with trigram indexes
-- (pg_trgm) that find a substring of three characters or more without reading every row; the
-- queries are in server/db/postgres/search-sql.ts. Folding is shared/patients.ts's foldForSearch:
-- decomposed (NFD), combining marks removed, lower case by Unicode's rules (ICU, whatever the
-- database's own locale).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE FUNCTION expediente_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT lower(regexp_replace(normalize(value, NFD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g') COLLATE "und-x-icu")
$$;
--> statement-breakpoint
CREATE TABLE patient_search (
  patient_id bigint PRIMARY KEY,
  full_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL
);
--> statement-breakpoint
CREATE INDEX patient_search_full_name_trgm ON patient_search USING gin (full_name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX patient_search_email_trgm ON patient_search USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX patient_search_phone_trgm ON patient_search USING gin (phone gin_trgm_ops);
--> statement-breakpoint
-- A patient's search row, written again from their account.
CREATE FUNCTION expediente_write_patient_search(patient bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO patient_search (patient_id, full_name, email, phone)
  SELECT p.id, expediente_fold(u.name || ' ' || u.lname), expediente_fold(u.email), expediente_fold(coalesce(u.phone, ''))
  FROM patients p JOIN users u ON u.id = p.user_id WHERE p.id = patient
  ON CONFLICT (patient_id) DO UPDATE SET full_name = excluded.full_name, email = excluded.email, phone = excluded.phone
$$;
--> statement-breakpoint
CREATE FUNCTION patients_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM expediente_write_patient_search(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patients_search_insert AFTER INSERT ON patients
FOR EACH ROW EXECUTE FUNCTION patients_search_insert();
--> statement-breakpoint
CREATE FUNCTION patients_search_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM patient_search WHERE patient_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patients_search_delete AFTER DELETE ON patients
FOR EACH ROW EXECUTE FUNCTION patients_search_delete();
--> statement-breakpoint
-- A patient's account changes: the search row is written again and every link's sort key follows.
CREATE FUNCTION users_patient_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  patient bigint;
BEGIN
  SELECT id INTO patient FROM patients WHERE user_id = NEW.id;
  IF patient IS NOT NULL THEN
    PERFORM expediente_write_patient_search(patient);
    UPDATE medic_patients SET lname = NEW.lname, name = NEW.name
    WHERE patient_id = patient AND (lname IS DISTINCT FROM NEW.lname OR name IS DISTINCT FROM NEW.name);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_patient_update AFTER UPDATE OF name, lname, email, phone ON users
FOR EACH ROW EXECUTE FUNCTION users_patient_update();
--> statement-breakpoint
-- 0008: list_version, for every change to what a medic's patient list shows (which patients, their
-- names, email, phone, blood type, appointment figures). The link's made and removed are the count's.
-- A link's sort key rewritten (the patient renamed), or a link changed by hand.
CREATE TRIGGER medic_patients_list_version_update AFTER UPDATE ON medic_patients
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_medic('list_version');
--> statement-breakpoint
-- A patient's name, email or phone.
CREATE TRIGGER users_patient_list_version AFTER UPDATE OF name, lname, email, phone ON users
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_patient_account('list_version');
--> statement-breakpoint
-- A patient's blood type, or the account a record belongs to.
CREATE TRIGGER patients_list_version AFTER UPDATE OF blood_group, blood_rh, user_id ON patients
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_linked_medics('list_version');
--> statement-breakpoint
-- An appointment added, moved or removed: the last appointment and the count a card shows.
CREATE TRIGGER clinical_histories_list_version_insert AFTER INSERT ON clinical_histories
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_linked_medics('list_version');
--> statement-breakpoint
CREATE TRIGGER clinical_histories_list_version_update AFTER UPDATE OF date, patient_id ON clinical_histories
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_linked_medics('list_version');
--> statement-breakpoint
CREATE TRIGGER clinical_histories_list_version_delete AFTER DELETE ON clinical_histories
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_linked_medics('list_version');
--> statement-breakpoint
-- 0017: search_version, what a medic's list filter searches (which patients, in which order, with
-- which name, email and phone); deliberately not appointments or a blood type: those change a card,
-- not what a filter finds. A link made, removed (a cascade's included), or its sort key rewritten.
CREATE TRIGGER medic_patients_search_version_insert AFTER INSERT ON medic_patients
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_new_link('search_version');
--> statement-breakpoint
CREATE TRIGGER medic_patients_search_version_delete AFTER DELETE ON medic_patients
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_medic('search_version');
--> statement-breakpoint
CREATE TRIGGER medic_patients_search_version_update AFTER UPDATE OF medic_id, patient_id, lname, name ON medic_patients
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_medic('search_version');
--> statement-breakpoint
-- A patient's name, email or phone; a record moved to another account.
CREATE TRIGGER users_patient_search_version AFTER UPDATE OF name, lname, email, phone ON users
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_patient_account('search_version');
--> statement-breakpoint
CREATE TRIGGER patients_search_version AFTER UPDATE OF user_id ON patients
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_linked_medics('search_version');
--> statement-breakpoint
-- 0019: agenda_version, what a medic's agenda shows: their appointments (day, start, end, motive,
-- state, patient) with the patients still linked to them, by name and birth date. A note's text,
-- diagnoses or signature do not show in the agenda; its time, motive and state do.
CREATE TRIGGER clinical_histories_agenda_version_insert AFTER INSERT ON clinical_histories
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_medic('agenda_version');
--> statement-breakpoint
CREATE TRIGGER clinical_histories_agenda_version_update AFTER UPDATE OF medic_id, patient_id, date, start, "end", motive, closed ON clinical_histories
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_medic('agenda_version');
--> statement-breakpoint
CREATE TRIGGER clinical_histories_agenda_version_delete AFTER DELETE ON clinical_histories
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_medic('agenda_version');
--> statement-breakpoint
-- A link made, removed (a cascade's included) or moved: its patient's appointments join or leave the agenda.
CREATE TRIGGER medic_patients_agenda_version_insert AFTER INSERT ON medic_patients
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_new_link('agenda_version');
--> statement-breakpoint
CREATE TRIGGER medic_patients_agenda_version_delete AFTER DELETE ON medic_patients
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_medic('agenda_version');
--> statement-breakpoint
CREATE TRIGGER medic_patients_agenda_version_update AFTER UPDATE OF medic_id, patient_id ON medic_patients
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_medic('agenda_version');
--> statement-breakpoint
-- A patient renamed; a birth date corrected, or a record moved to another account.
CREATE TRIGGER users_patient_agenda_version AFTER UPDATE OF name, lname ON users
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_patient_account('agenda_version');
--> statement-breakpoint
CREATE TRIGGER patients_agenda_version AFTER UPDATE OF birth_date, user_id ON patients
FOR EACH ROW EXECUTE FUNCTION expediente_counter_of_linked_medics('agenda_version');
