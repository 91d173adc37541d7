ALTER TABLE `medic_patient_counts` ADD `search_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand from here: the version of what a medic's patient-list filter searches (which
-- patients, in which order, with which name, email and phone), for the filter's index kept in memory
-- (server/services/patient-filter-index.ts). Replaced by a random value in the same transaction as
-- any such change, as list_version is (migration 0008), but deliberately not by appointments or a
-- blood type: those change a card, not what a filter finds, so the index outlives a day of bookings.
UPDATE `medic_patient_counts` SET `search_version` = random();
--> statement-breakpoint
-- A link made. Its own trigger rather than the count's made again: it inserts the counts row with 0
-- patients when it runs first (the count's trigger then adds 1 and sets list_version), and only
-- replaces search_version when the count's trigger ran first. Either order gives the same row.
CREATE TRIGGER `medic_patients_search_version_insert` AFTER INSERT ON `medic_patients`
BEGIN
  INSERT INTO `medic_patient_counts` (`medic_id`, `patients`, `search_version`) VALUES (new.`medic_id`, 0, random())
  ON CONFLICT (`medic_id`) DO UPDATE SET `search_version` = random();
END;
--> statement-breakpoint
-- A link removed (also when its patient or medic is deleted: cascades fire triggers).
CREATE TRIGGER `medic_patients_search_version_delete` AFTER DELETE ON `medic_patients`
BEGIN
  UPDATE `medic_patient_counts` SET `search_version` = random() WHERE `medic_id` = old.`medic_id`;
END;
--> statement-breakpoint
-- A link's sort key rewritten (the patient renamed: the order changes), or a link moved by hand.
CREATE TRIGGER `medic_patients_search_version_update` AFTER UPDATE OF `medic_id`, `patient_id`, `lname`, `name` ON `medic_patients`
BEGIN
  UPDATE `medic_patient_counts` SET `search_version` = random() WHERE `medic_id` IN (old.`medic_id`, new.`medic_id`);
END;
--> statement-breakpoint
-- A patient's name, email or phone: what the filter reads.
CREATE TRIGGER `users_patient_search_version` AFTER UPDATE OF `name`, `lname`, `email`, `phone` ON `users`
WHEN EXISTS (SELECT 1 FROM `patients` WHERE `user_id` = new.`id`)
BEGIN
  UPDATE `medic_patient_counts` SET `search_version` = random()
  WHERE `medic_id` IN (SELECT `mp`.`medic_id` FROM `medic_patients` `mp` JOIN `patients` `p` ON `p`.`id` = `mp`.`patient_id` WHERE `p`.`user_id` = new.`id`);
END;
--> statement-breakpoint
-- A patient record moved to another account: its name, email and phone are the new account's.
CREATE TRIGGER `patients_search_version` AFTER UPDATE OF `user_id` ON `patients`
BEGIN
  UPDATE `medic_patient_counts` SET `search_version` = random()
  WHERE `medic_id` IN (SELECT `medic_id` FROM `medic_patients` WHERE `patient_id` IN (old.`id`, new.`id`));
END;
