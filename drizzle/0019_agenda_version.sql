ALTER TABLE `medic_patient_counts` ADD `agenda_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand from here (issue 25): the version of a medic's agenda, for the weeks kept in memory
-- (server/services/agenda.ts). The agenda shows the medic's appointments (day, start, end, motive,
-- state, patient) with the patients still linked to them, by name and birth date; any change to one
-- of those gives each medic concerned a new random agenda_version in the same transaction, as
-- list_version (0008) and search_version (0017) are. Random, not +1: a rolled-back change can never
-- leave behind a version a later change would reuse.
UPDATE `medic_patient_counts` SET `agenda_version` = random();
--> statement-breakpoint
CREATE TRIGGER `clinical_histories_agenda_version_insert` AFTER INSERT ON `clinical_histories`
BEGIN
  UPDATE `medic_patient_counts` SET `agenda_version` = random() WHERE `medic_id` = new.`medic_id`;
END;
--> statement-breakpoint
-- A note's text, diagnoses or signature do not show in the agenda; its time, motive and state do.
CREATE TRIGGER `clinical_histories_agenda_version_update` AFTER UPDATE OF `medic_id`, `patient_id`, `date`, `start`, `end`, `motive`, `closed` ON `clinical_histories`
BEGIN
  UPDATE `medic_patient_counts` SET `agenda_version` = random() WHERE `medic_id` IN (old.`medic_id`, new.`medic_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `clinical_histories_agenda_version_delete` AFTER DELETE ON `clinical_histories`
BEGIN
  UPDATE `medic_patient_counts` SET `agenda_version` = random() WHERE `medic_id` = old.`medic_id`;
END;
--> statement-breakpoint
-- A link made: its patient's appointments join the agenda. Inserts the counts row when this trigger
-- runs before the count's own (which then adds the patient), as 0017's does.
CREATE TRIGGER `medic_patients_agenda_version_insert` AFTER INSERT ON `medic_patients`
BEGIN
  INSERT INTO `medic_patient_counts` (`medic_id`, `patients`, `agenda_version`) VALUES (new.`medic_id`, 0, random())
  ON CONFLICT (`medic_id`) DO UPDATE SET `agenda_version` = random();
END;
--> statement-breakpoint
-- A link removed (also by a cascade): its patient's appointments leave the agenda.
CREATE TRIGGER `medic_patients_agenda_version_delete` AFTER DELETE ON `medic_patients`
BEGIN
  UPDATE `medic_patient_counts` SET `agenda_version` = random() WHERE `medic_id` = old.`medic_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `medic_patients_agenda_version_update` AFTER UPDATE OF `medic_id`, `patient_id` ON `medic_patients`
BEGIN
  UPDATE `medic_patient_counts` SET `agenda_version` = random() WHERE `medic_id` IN (old.`medic_id`, new.`medic_id`);
END;
--> statement-breakpoint
-- A patient renamed: every agenda they are in shows the new name.
CREATE TRIGGER `users_patient_agenda_version` AFTER UPDATE OF `name`, `lname` ON `users`
WHEN EXISTS (SELECT 1 FROM `patients` WHERE `user_id` = new.`id`)
BEGIN
  UPDATE `medic_patient_counts` SET `agenda_version` = random()
  WHERE `medic_id` IN (SELECT `mp`.`medic_id` FROM `medic_patients` `mp` JOIN `patients` `p` ON `p`.`id` = `mp`.`patient_id` WHERE `p`.`user_id` = new.`id`);
END;
--> statement-breakpoint
-- A birth date corrected, or a record moved to another account (whose name it then shows).
CREATE TRIGGER `patients_agenda_version` AFTER UPDATE OF `birth_date`, `user_id` ON `patients`
BEGIN
  UPDATE `medic_patient_counts` SET `agenda_version` = random()
  WHERE `medic_id` IN (SELECT `medic_id` FROM `medic_patients` WHERE `patient_id` IN (old.`id`, new.`id`));
END;
