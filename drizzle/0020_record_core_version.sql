-- Written by hand (issue 25, the record read): patients.record_version (0006) now also covers the
-- record's core, the part of GET /medics/patients/:id that is not a list: the patient's own row, the
-- account's name and contact, insurance, lifestyle and the names of the record's lookups. Any change
-- to one of them gives the patient a new random record_version in the same transaction, whoever
-- writes it, so the core can be kept in memory beside the lists (services/patient-record.ts). Read
-- afresh on every request, the core's nine-table join and the mapping of its ~50 columns were a
-- fifth of what a record read allocated.
-- The patient's own row: any column but the version itself. The server's connection runs with
-- recursive_triggers on; the WHEN keeps this trigger's own update from firing it again.
CREATE TRIGGER `patients_core_record_version` AFTER UPDATE ON `patients`
WHEN new.`record_version` IS old.`record_version`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`id`;
END;
--> statement-breakpoint
-- The account behind a record: its name, contact and address show in the record. Only a real change
-- does: an account saved again as it was (a password, a status) leaves the record as it is.
CREATE TRIGGER `users_patient_record_version` AFTER UPDATE OF `name`, `lname`, `email`, `phone`, `address` ON `users`
WHEN (old.`name` IS NOT new.`name` OR old.`lname` IS NOT new.`lname` OR old.`email` IS NOT new.`email`
    OR old.`phone` IS NOT new.`phone` OR old.`address` IS NOT new.`address`)
  AND EXISTS (SELECT 1 FROM `patients` WHERE `user_id` = new.`id`)
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `user_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `insurances_record_version_insert` AFTER INSERT ON `insurances`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `insurances_record_version_update` AFTER UPDATE ON `insurances`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` IN (old.`patient_id`, new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `insurances_record_version_delete` AFTER DELETE ON `insurances`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = old.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `lifestyles_record_version_insert` AFTER INSERT ON `lifestyles`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `lifestyles_record_version_update` AFTER UPDATE ON `lifestyles`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` IN (old.`patient_id`, new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `lifestyles_record_version_delete` AFTER DELETE ON `lifestyles`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = old.`patient_id`;
END;
--> statement-breakpoint
-- The lookups are only ever added to by the server; one renamed by hand shows in every record that names it.
CREATE TRIGGER `professions_record_version` AFTER UPDATE ON `professions`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `profession_id` IN (old.`id`, new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `religions_record_version` AFTER UPDATE ON `religions`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `religion_id` IN (old.`id`, new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `nationalities_record_version` AFTER UPDATE ON `nationalities`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `nationality_id` IN (old.`id`, new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `educations_record_version` AFTER UPDATE ON `educations`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `education_id` IN (old.`id`, new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `document_types_record_version` AFTER UPDATE ON `document_types`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `document_type_id` IN (old.`id`, new.`id`);
END;
