-- Written by hand: patients.record_version, the version a record's lists and core are kept in memory
-- at (services/patient-record.ts), as SQLite's migrations 0006, 0011, 0012, 0013 and 0020 keep it.
-- Every change to one of a record's lists, or to its core, gives the patient a new random
-- record_version in the same transaction as the change, whoever writes it.

-- The patient (or, for a row moved to another patient, both) of the row a trigger fires for.
CREATE FUNCTION expediente_record_version_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- NEW is null on DELETE and OLD on INSERT: the IN keeps the patients the row names.
  UPDATE patients SET record_version = expediente_random_version() WHERE id IN (NEW.patient_id, OLD.patient_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- 0006: the record's lists.
CREATE TRIGGER clinical_histories_record_version_insert AFTER INSERT ON clinical_histories
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER clinical_histories_record_version_update AFTER UPDATE ON clinical_histories
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER clinical_histories_record_version_delete AFTER DELETE ON clinical_histories
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER allergies_record_version_insert AFTER INSERT ON allergies
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER allergies_record_version_update AFTER UPDATE ON allergies
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER allergies_record_version_delete AFTER DELETE ON allergies
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER pathological_records_record_version_insert AFTER INSERT ON pathological_records
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER pathological_records_record_version_update AFTER UPDATE ON pathological_records
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER pathological_records_record_version_delete AFTER DELETE ON pathological_records
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER vitals_record_version_insert AFTER INSERT ON vitals
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER vitals_record_version_update AFTER UPDATE ON vitals
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER vitals_record_version_delete AFTER DELETE ON vitals
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER labs_record_version_insert AFTER INSERT ON labs
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER labs_record_version_update AFTER UPDATE ON labs
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER labs_record_version_delete AFTER DELETE ON labs
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER vaccines_record_version_insert AFTER INSERT ON vaccines
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER vaccines_record_version_update AFTER UPDATE ON vaccines
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER vaccines_record_version_delete AFTER DELETE ON vaccines
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER emergency_contacts_record_version_insert AFTER INSERT ON emergency_contacts
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER emergency_contacts_record_version_update AFTER UPDATE ON emergency_contacts
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER emergency_contacts_record_version_delete AFTER DELETE ON emergency_contacts
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER files_record_version_insert AFTER INSERT ON files
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER files_record_version_update AFTER UPDATE ON files
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER files_record_version_delete AFTER DELETE ON files
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
-- 0011: the family history is a record list like the others.
CREATE TRIGGER family_history_record_version_insert AFTER INSERT ON family_history
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER family_history_record_version_update AFTER UPDATE ON family_history
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER family_history_record_version_delete AFTER DELETE ON family_history
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
-- 0013: appointments carry their prescriptions and addenda in the record's lists: a new one, or a
-- prescription voided, gives the patient a new record_version. Items are written in the same
-- transaction as their prescription, whose insert already does so.
CREATE TRIGGER prescriptions_record_version_insert AFTER INSERT ON prescriptions
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER prescriptions_record_version_update AFTER UPDATE ON prescriptions
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER addenda_record_version_insert AFTER INSERT ON addenda
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
-- 0012: each appointment in a record's lists names the medic who holds it. A medic's new name or last
-- name gives every patient they have appointments with a new record_version; only a real change does.
CREATE FUNCTION users_medic_name_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM medics WHERE user_id = NEW.id) THEN
    UPDATE patients SET record_version = expediente_random_version()
    WHERE id IN (
      SELECT h.patient_id FROM clinical_histories h JOIN medics m ON m.id = h.medic_id WHERE m.user_id = NEW.id
    );
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_medic_name_record_version AFTER UPDATE OF name, lname ON users
FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.lname IS DISTINCT FROM NEW.lname)
EXECUTE FUNCTION users_medic_name_record_version();
--> statement-breakpoint
-- 0020: the record's core (the patient's own row, the account's name and contact, insurance,
-- lifestyle, the names of its lookups).
-- The patient's own row: any update that leaves record_version as it was gets a new one. SQLite does
-- it with an AFTER trigger updating the row again; here the row is given it before it is written,
-- which ends in the same row without a second update.
CREATE FUNCTION patients_core_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.record_version := expediente_random_version();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER patients_core_record_version BEFORE UPDATE ON patients
FOR EACH ROW WHEN (NEW.record_version IS NOT DISTINCT FROM OLD.record_version)
EXECUTE FUNCTION patients_core_record_version();
--> statement-breakpoint
-- The account behind a record: only a real change of what the record shows.
CREATE FUNCTION users_patient_record_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patients SET record_version = expediente_random_version() WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_patient_record_version AFTER UPDATE OF name, lname, email, phone, address ON users
FOR EACH ROW
WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.lname IS DISTINCT FROM NEW.lname OR OLD.email IS DISTINCT FROM NEW.email
  OR OLD.phone IS DISTINCT FROM NEW.phone OR OLD.address IS DISTINCT FROM NEW.address)
EXECUTE FUNCTION users_patient_record_version();
--> statement-breakpoint
CREATE TRIGGER insurances_record_version_insert AFTER INSERT ON insurances
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER insurances_record_version_update AFTER UPDATE ON insurances
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER insurances_record_version_delete AFTER DELETE ON insurances
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER lifestyles_record_version_insert AFTER INSERT ON lifestyles
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER lifestyles_record_version_update AFTER UPDATE ON lifestyles
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
CREATE TRIGGER lifestyles_record_version_delete AFTER DELETE ON lifestyles
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_row();
--> statement-breakpoint
-- The lookups are only ever added to by the server; one renamed by hand shows in every record that
-- names it. The trigger's argument is the patients' column that points to the lookup.
CREATE FUNCTION expediente_record_version_of_lookup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE patients SET record_version = expediente_random_version() WHERE %I IN ($1, $2)', TG_ARGV[0])
    USING OLD.id, NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER professions_record_version AFTER UPDATE ON professions
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_lookup('profession_id');
--> statement-breakpoint
CREATE TRIGGER religions_record_version AFTER UPDATE ON religions
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_lookup('religion_id');
--> statement-breakpoint
CREATE TRIGGER nationalities_record_version AFTER UPDATE ON nationalities
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_lookup('nationality_id');
--> statement-breakpoint
CREATE TRIGGER educations_record_version AFTER UPDATE ON educations
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_lookup('education_id');
--> statement-breakpoint
CREATE TRIGGER document_types_record_version AFTER UPDATE ON document_types
FOR EACH ROW EXECUTE FUNCTION expediente_record_version_of_lookup('document_type_id');
