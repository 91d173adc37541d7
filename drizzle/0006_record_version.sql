ALTER TABLE `patients` ADD `record_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand from here (issue 11, the record read). Records that exist already get a version
-- of their own, so no two databases' records share one by default.
UPDATE `patients` SET `record_version` = random();
--> statement-breakpoint
-- Every change to one of a record's lists gives
-- the patient a new random record_version, in the same transaction as the change. Random, not +1:
-- a rolled-back change can never leave behind a version that a later change would reuse.
CREATE TRIGGER `clinical_histories_record_version_insert` AFTER INSERT ON `clinical_histories`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_histories_record_version_update` AFTER UPDATE ON `clinical_histories`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` IN (old.`patient_id`, new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_histories_record_version_delete` AFTER DELETE ON `clinical_histories`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = old.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `allergies_record_version_insert` AFTER INSERT ON `allergies`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `allergies_record_version_update` AFTER UPDATE ON `allergies`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` IN (old.`patient_id`, new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `allergies_record_version_delete` AFTER DELETE ON `allergies`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = old.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `pathological_records_record_version_insert` AFTER INSERT ON `pathological_records`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `pathological_records_record_version_update` AFTER UPDATE ON `pathological_records`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` IN (old.`patient_id`, new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `pathological_records_record_version_delete` AFTER DELETE ON `pathological_records`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = old.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `vitals_record_version_insert` AFTER INSERT ON `vitals`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `vitals_record_version_update` AFTER UPDATE ON `vitals`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` IN (old.`patient_id`, new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `vitals_record_version_delete` AFTER DELETE ON `vitals`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = old.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `labs_record_version_insert` AFTER INSERT ON `labs`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `labs_record_version_update` AFTER UPDATE ON `labs`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` IN (old.`patient_id`, new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `labs_record_version_delete` AFTER DELETE ON `labs`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = old.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `vaccines_record_version_insert` AFTER INSERT ON `vaccines`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `vaccines_record_version_update` AFTER UPDATE ON `vaccines`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` IN (old.`patient_id`, new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `vaccines_record_version_delete` AFTER DELETE ON `vaccines`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = old.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `emergency_contacts_record_version_insert` AFTER INSERT ON `emergency_contacts`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `emergency_contacts_record_version_update` AFTER UPDATE ON `emergency_contacts`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` IN (old.`patient_id`, new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `emergency_contacts_record_version_delete` AFTER DELETE ON `emergency_contacts`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = old.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `files_record_version_insert` AFTER INSERT ON `files`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `files_record_version_update` AFTER UPDATE ON `files`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` IN (old.`patient_id`, new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `files_record_version_delete` AFTER DELETE ON `files`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = old.`patient_id`;
END;
