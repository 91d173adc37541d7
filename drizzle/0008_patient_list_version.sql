ALTER TABLE `medic_patient_counts` ADD `list_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand from here (issue 11, the patient list): every change to what a medic's patient
-- list shows (which patients, their names, email, phone, blood type, appointment figures) gives
-- each medic concerned a new random list_version, in the same transaction as the change. Random, not
-- +1: a rolled-back change can never leave behind a version that a later change would reuse.
UPDATE `medic_patient_counts` SET `list_version` = random();
--> statement-breakpoint
-- A link made or removed: the count's own triggers, made again to change the version with the count.
DROP TRIGGER `medic_patients_count_insert`;
--> statement-breakpoint
CREATE TRIGGER `medic_patients_count_insert` AFTER INSERT ON `medic_patients`
BEGIN
  INSERT INTO `medic_patient_counts` (`medic_id`, `patients`, `list_version`) VALUES (new.`medic_id`, 1, random())
  ON CONFLICT (`medic_id`) DO UPDATE SET `patients` = `patients` + 1, `list_version` = random();
END;
--> statement-breakpoint
DROP TRIGGER `medic_patients_count_delete`;
--> statement-breakpoint
CREATE TRIGGER `medic_patients_count_delete` AFTER DELETE ON `medic_patients`
BEGIN
  UPDATE `medic_patient_counts` SET `patients` = `patients` - 1, `list_version` = random() WHERE `medic_id` = old.`medic_id`;
END;
--> statement-breakpoint
-- A link's sort key rewritten (the patient renamed), or a link changed by hand.
CREATE TRIGGER `medic_patients_list_version_update` AFTER UPDATE ON `medic_patients`
BEGIN
  UPDATE `medic_patient_counts` SET `list_version` = random() WHERE `medic_id` IN (old.`medic_id`, new.`medic_id`);
END;
--> statement-breakpoint
-- A patient's name, email or phone.
CREATE TRIGGER `users_patient_list_version` AFTER UPDATE OF `name`, `lname`, `email`, `phone` ON `users`
WHEN EXISTS (SELECT 1 FROM `patients` WHERE `user_id` = new.`id`)
BEGIN
  UPDATE `medic_patient_counts` SET `list_version` = random()
  WHERE `medic_id` IN (SELECT `mp`.`medic_id` FROM `medic_patients` `mp` JOIN `patients` `p` ON `p`.`id` = `mp`.`patient_id` WHERE `p`.`user_id` = new.`id`);
END;
--> statement-breakpoint
-- A patient's blood type.
CREATE TRIGGER `patients_list_version` AFTER UPDATE OF `blood_group`, `blood_rh`, `user_id` ON `patients`
BEGIN
  UPDATE `medic_patient_counts` SET `list_version` = random()
  WHERE `medic_id` IN (SELECT `medic_id` FROM `medic_patients` WHERE `patient_id` IN (old.`id`, new.`id`));
END;
--> statement-breakpoint
-- An appointment added, moved or removed: the last appointment and the count a card shows.
CREATE TRIGGER `clinical_histories_list_version_insert` AFTER INSERT ON `clinical_histories`
BEGIN
  UPDATE `medic_patient_counts` SET `list_version` = random()
  WHERE `medic_id` IN (SELECT `medic_id` FROM `medic_patients` WHERE `patient_id` = new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_histories_list_version_update` AFTER UPDATE OF `date`, `patient_id` ON `clinical_histories`
BEGIN
  UPDATE `medic_patient_counts` SET `list_version` = random()
  WHERE `medic_id` IN (SELECT `medic_id` FROM `medic_patients` WHERE `patient_id` IN (old.`patient_id`, new.`patient_id`));
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_histories_list_version_delete` AFTER DELETE ON `clinical_histories`
BEGIN
  UPDATE `medic_patient_counts` SET `list_version` = random()
  WHERE `medic_id` IN (SELECT `medic_id` FROM `medic_patients` WHERE `patient_id` = old.`patient_id`);
END;
