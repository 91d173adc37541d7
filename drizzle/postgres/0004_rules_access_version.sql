-- Written by hand (SQLite's 0016): every change to what a request's caller (the session and account
-- behind a token, their second factors, the practice's second-factor rule) or its access to a patient
-- (links, emergency access) is made of gives access_version a new random version, in the same
-- transaction as the change. The server keeps callers and access decisions in memory at a version
-- (auth/actor-cache.ts, services/access-cache.ts). One row, id 1.
INSERT INTO access_version (id, version) VALUES (1, expediente_random_version());
--> statement-breakpoint
CREATE FUNCTION expediente_access_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE access_version SET version = expediente_random_version() WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An account: its status, type, names, contact, administrator flag, password reset.
CREATE TRIGGER users_access_version_insert AFTER INSERT ON users
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER users_access_version_update AFTER UPDATE ON users
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER users_access_version_delete AFTER DELETE ON users
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
-- A session opened, revoked, ended or pruned; not its last use, written once a minute (below).
CREATE TRIGGER sessions_access_version_insert AFTER INSERT ON sessions
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER sessions_access_version_update AFTER UPDATE OF id, user_id, created_at, expires_at, revoked_at ON sessions
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER sessions_access_version_delete AFTER DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
-- A session's last use only moves forward as it is used, and memory may lag behind that. Moved back
-- (a copy restored, a row edited by hand), it may make a session idle: memory must read it again.
CREATE TRIGGER sessions_access_version_last_use_back AFTER UPDATE OF last_used_at ON sessions
FOR EACH ROW WHEN (NEW.last_used_at IS NULL OR NEW.last_used_at < coalesce(OLD.last_used_at, OLD.created_at) COLLATE "C")
EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
-- Which account a medic row belongs to.
CREATE TRIGGER medics_access_version_insert AFTER INSERT ON medics
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER medics_access_version_update AFTER UPDATE OF id, user_id ON medics
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER medics_access_version_delete AFTER DELETE ON medics
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
-- Which account a patient row belongs to; not record_version, replaced by every record write.
CREATE TRIGGER patients_access_version_insert AFTER INSERT ON patients
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER patients_access_version_update AFTER UPDATE OF id, user_id ON patients
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER patients_access_version_delete AFTER DELETE ON patients
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
-- A TOTP secret set up, confirmed or removed; not the step of its last code.
CREATE TRIGGER totp_secrets_access_version_insert AFTER INSERT ON totp_secrets
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER totp_secrets_access_version_update AFTER UPDATE OF user_id, confirmed_at ON totp_secrets
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER totp_secrets_access_version_delete AFTER DELETE ON totp_secrets
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
-- A passkey added or removed; not its sign count or last use.
CREATE TRIGGER passkeys_access_version_insert AFTER INSERT ON passkeys
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER passkeys_access_version_update AFTER UPDATE OF user_id ON passkeys
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER passkeys_access_version_delete AFTER DELETE ON passkeys
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
-- The practice's second-factor rule for medics.
CREATE TRIGGER practice_access_version_insert AFTER INSERT ON practice
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER practice_access_version_update AFTER UPDATE OF id, require_two_factor_for_medics ON practice
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER practice_access_version_delete AFTER DELETE ON practice
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
-- A link made, changed or removed.
CREATE TRIGGER medic_patients_access_version_insert AFTER INSERT ON medic_patients
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER medic_patients_access_version_update AFTER UPDATE ON medic_patients
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER medic_patients_access_version_delete AFTER DELETE ON medic_patients
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
-- Emergency access started (or changed by hand).
CREATE TRIGGER emergency_accesses_access_version_insert AFTER INSERT ON emergency_accesses
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER emergency_accesses_access_version_update AFTER UPDATE ON emergency_accesses
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
--> statement-breakpoint
CREATE TRIGGER emergency_accesses_access_version_delete AFTER DELETE ON emergency_accesses
FOR EACH ROW EXECUTE FUNCTION expediente_access_version();
