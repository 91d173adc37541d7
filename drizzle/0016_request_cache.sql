CREATE TABLE `access_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);--> statement-breakpoint
-- Written by hand from here (issue 25, the read path): every change to what a request's caller
-- (the session and account behind a token, their second factors, the practice's second-factor rule)
-- or its access to a patient (links, emergency access) is made of gives access_version a new random
-- version, in the same transaction as the change. Random, not +1: a rolled-back change can never
-- leave behind a version that a later change would reuse. The server keeps callers and access
-- decisions in memory at a version (auth/actor-cache.ts, services/access-cache.ts).
INSERT INTO `access_version` (`id`, `version`) VALUES (1, random());
--> statement-breakpoint
-- An account: its status, type, names, contact, administrator flag, password reset.
CREATE TRIGGER `users_access_version_insert` AFTER INSERT ON `users`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_access_version_update` AFTER UPDATE ON `users`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_access_version_delete` AFTER DELETE ON `users`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
-- A session opened, revoked, ended or pruned; not its last use, written once a minute (below).
CREATE TRIGGER `sessions_access_version_insert` AFTER INSERT ON `sessions`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_access_version_update` AFTER UPDATE OF `id`, `user_id`, `created_at`, `expires_at`, `revoked_at` ON `sessions`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `sessions_access_version_delete` AFTER DELETE ON `sessions`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
-- A session's last use only moves forward as it is used, and memory may lag behind that (findActor
-- asks the row before ending a session as idle). Moved back (a copy restored, a row edited by hand),
-- it may make a session idle: memory must read it again.
CREATE TRIGGER `sessions_access_version_last_use_back` AFTER UPDATE OF `last_used_at` ON `sessions`
WHEN new.`last_used_at` IS NULL OR new.`last_used_at` < coalesce(old.`last_used_at`, old.`created_at`)
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
-- Which account a medic row belongs to.
CREATE TRIGGER `medics_access_version_insert` AFTER INSERT ON `medics`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `medics_access_version_update` AFTER UPDATE OF `id`, `user_id` ON `medics`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `medics_access_version_delete` AFTER DELETE ON `medics`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
-- Which account a patient row belongs to; not record_version, replaced by every record write.
CREATE TRIGGER `patients_access_version_insert` AFTER INSERT ON `patients`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `patients_access_version_update` AFTER UPDATE OF `id`, `user_id` ON `patients`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `patients_access_version_delete` AFTER DELETE ON `patients`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
-- A TOTP secret set up, confirmed or removed; not the step of its last code.
CREATE TRIGGER `totp_secrets_access_version_insert` AFTER INSERT ON `totp_secrets`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `totp_secrets_access_version_update` AFTER UPDATE OF `user_id`, `confirmed_at` ON `totp_secrets`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `totp_secrets_access_version_delete` AFTER DELETE ON `totp_secrets`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
-- A passkey added or removed; not its sign count or last use.
CREATE TRIGGER `passkeys_access_version_insert` AFTER INSERT ON `passkeys`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `passkeys_access_version_update` AFTER UPDATE OF `user_id` ON `passkeys`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `passkeys_access_version_delete` AFTER DELETE ON `passkeys`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
-- The practice's second-factor rule for medics.
CREATE TRIGGER `practice_access_version_insert` AFTER INSERT ON `practice`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `practice_access_version_update` AFTER UPDATE OF `id`, `require_two_factor_for_medics` ON `practice`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `practice_access_version_delete` AFTER DELETE ON `practice`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
-- A link made, changed or removed.
CREATE TRIGGER `medic_patients_access_version_insert` AFTER INSERT ON `medic_patients`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `medic_patients_access_version_update` AFTER UPDATE ON `medic_patients`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `medic_patients_access_version_delete` AFTER DELETE ON `medic_patients`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
-- Emergency access started (or changed by hand).
CREATE TRIGGER `emergency_accesses_access_version_insert` AFTER INSERT ON `emergency_accesses`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `emergency_accesses_access_version_update` AFTER UPDATE ON `emergency_accesses`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `emergency_accesses_access_version_delete` AFTER DELETE ON `emergency_accesses`
BEGIN
  UPDATE `access_version` SET `version` = random() WHERE `id` = 1;
END;
