-- Written by hand (SQLite's 0021): diagnoses.uses, how many of the practice's appointments carry each
-- code, follows every write of an appointment's diagnoses (a new appointment, an edit, a deletion, a
-- patient's deletion cascading to them), each code counted once per appointment. A text that is not
-- JSON counts as no codes rather than failing the write.

-- The codes of an appointment's diagnoses ([{code, name}]), each once; none for a text that is not JSON.
-- As SQLite's json_each, an object's values are read as an array's elements are.
CREATE FUNCTION expediente_diagnosis_codes(diagnoses text) RETURNS SETOF text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  parsed jsonb;
BEGIN
  BEGIN
    parsed := diagnoses::jsonb;
  EXCEPTION WHEN others THEN
    RETURN;
  END;
  IF jsonb_typeof(parsed) = 'array' THEN
    RETURN QUERY SELECT DISTINCT element ->> 'code' FROM jsonb_array_elements(parsed) AS element
      WHERE jsonb_typeof(element) = 'object' AND element ->> 'code' IS NOT NULL;
  ELSIF jsonb_typeof(parsed) = 'object' THEN
    RETURN QUERY SELECT DISTINCT entry.value ->> 'code' FROM jsonb_each(parsed) AS entry
      WHERE jsonb_typeof(entry.value) = 'object' AND entry.value ->> 'code' IS NOT NULL;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION diagnoses_uses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE diagnoses SET uses = uses - 1 WHERE code IN (SELECT expediente_diagnosis_codes(OLD.diagnoses));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE diagnoses SET uses = uses + 1 WHERE code IN (SELECT expediente_diagnosis_codes(NEW.diagnoses));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER diagnoses_uses_insert AFTER INSERT ON clinical_histories
FOR EACH ROW EXECUTE FUNCTION diagnoses_uses();
--> statement-breakpoint
CREATE TRIGGER diagnoses_uses_update AFTER UPDATE OF diagnoses ON clinical_histories
FOR EACH ROW WHEN (OLD.diagnoses IS DISTINCT FROM NEW.diagnoses)
EXECUTE FUNCTION diagnoses_uses();
--> statement-breakpoint
CREATE TRIGGER diagnoses_uses_delete AFTER DELETE ON clinical_histories
FOR EACH ROW EXECUTE FUNCTION diagnoses_uses();
--> statement-breakpoint

-- SQLite's 0011: the catalog's names, searchable by words in any order regardless of case and accents
-- (there an FTS5 table over diagnoses, rebuilt by the loader). Here trigram indexes over the folded
-- names, which PostgreSQL keeps with the rows: nothing to rebuild after a load. A word matches the
-- start of a word of the name (server/db/postgres/search-sql.ts).
CREATE INDEX diagnoses_name_es_trgm ON diagnoses USING gin (expediente_fold(name_es) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX diagnoses_name_en_trgm ON diagnoses USING gin (expediente_fold(name_en) gin_trgm_ops);
