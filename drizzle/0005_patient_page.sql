CREATE TABLE `medic_patient_counts` (
	`medic_id` integer PRIMARY KEY NOT NULL,
	`patients` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`medic_id`) REFERENCES `medics`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `medic_patients` ADD `lname` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `medic_patients` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `medic_patients_medic_order_idx` ON `medic_patients` (`medic_id`,"lname" collate nocase,"name" collate nocase,`patient_id`);--> statement-breakpoint
-- Written by hand below (issue 11, the paged patient list): what drizzle-kit cannot declare.
-- The sort key copied into medic_patients, for the links that exist already...
UPDATE `medic_patients` SET (`lname`, `name`) = (
  SELECT `u`.`lname`, `u`.`name` FROM `patients` `p` JOIN `users` `u` ON `u`.`id` = `p`.`user_id` WHERE `p`.`id` = `medic_patients`.`patient_id`
);
--> statement-breakpoint
-- ...for each new link, whoever writes it...
CREATE TRIGGER `medic_patients_sort_key` AFTER INSERT ON `medic_patients`
BEGIN
  UPDATE `medic_patients` SET (`lname`, `name`) = (
    SELECT `u`.`lname`, `u`.`name` FROM `patients` `p` JOIN `users` `u` ON `u`.`id` = `p`.`user_id` WHERE `p`.`id` = new.`patient_id`
  )
  WHERE `medic_id` = new.`medic_id` AND `patient_id` = new.`patient_id`;
END;
--> statement-breakpoint
-- The number of patients of each medic, counted once here and then kept by the links' triggers.
INSERT INTO `medic_patient_counts` (`medic_id`, `patients`) SELECT `medic_id`, count(*) FROM `medic_patients` GROUP BY `medic_id`;
--> statement-breakpoint
CREATE TRIGGER `medic_patients_count_insert` AFTER INSERT ON `medic_patients`
BEGIN
  INSERT INTO `medic_patient_counts` (`medic_id`, `patients`) VALUES (new.`medic_id`, 1)
  ON CONFLICT (`medic_id`) DO UPDATE SET `patients` = `patients` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `medic_patients_count_delete` AFTER DELETE ON `medic_patients`
BEGIN
  UPDATE `medic_patient_counts` SET `patients` = `patients` - 1 WHERE `medic_id` = old.`medic_id`;
END;
--> statement-breakpoint
-- The list filter's index: every patient's full name ("name lname"), email and phone as trigrams,
-- folded for case and accents, so that a substring of three characters or more is found without
-- reading every row. Contentless: the text stays in users; a row is keyed by the patient's id.
CREATE VIRTUAL TABLE `patient_search` USING fts5(
  `full_name`, `email`, `phone`,
  tokenize = 'trigram remove_diacritics 1', content = '', contentless_delete = 1
);
--> statement-breakpoint
INSERT INTO `patient_search` (`rowid`, `full_name`, `email`, `phone`)
SELECT `p`.`id`, `u`.`name` || ' ' || `u`.`lname`, `u`.`email`, coalesce(`u`.`phone`, '') FROM `patients` `p` JOIN `users` `u` ON `u`.`id` = `p`.`user_id`;
--> statement-breakpoint
CREATE TRIGGER `patients_search_insert` AFTER INSERT ON `patients`
BEGIN
  INSERT INTO `patient_search` (`rowid`, `full_name`, `email`, `phone`)
  SELECT new.`id`, `u`.`name` || ' ' || `u`.`lname`, `u`.`email`, coalesce(`u`.`phone`, '') FROM `users` `u` WHERE `u`.`id` = new.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `patients_search_delete` AFTER DELETE ON `patients`
BEGIN
  DELETE FROM `patient_search` WHERE `rowid` = old.`id`;
END;
--> statement-breakpoint
-- A patient's account changes: the search row is written again and every link's sort key follows.
CREATE TRIGGER `users_patient_update` AFTER UPDATE OF `name`, `lname`, `email`, `phone` ON `users`
WHEN EXISTS (SELECT 1 FROM `patients` WHERE `user_id` = new.`id`)
BEGIN
  DELETE FROM `patient_search` WHERE `rowid` = (SELECT `id` FROM `patients` WHERE `user_id` = new.`id`);
  INSERT INTO `patient_search` (`rowid`, `full_name`, `email`, `phone`)
  SELECT `p`.`id`, new.`name` || ' ' || new.`lname`, new.`email`, coalesce(new.`phone`, '') FROM `patients` `p` WHERE `p`.`user_id` = new.`id`;
  UPDATE `medic_patients` SET `lname` = new.`lname`, `name` = new.`name`
  WHERE `patient_id` = (SELECT `id` FROM `patients` WHERE `user_id` = new.`id`)
    AND (`lname` IS NOT new.`lname` OR `name` IS NOT new.`name`);
END;
