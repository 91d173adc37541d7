CREATE TABLE `family_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`relative` text NOT NULL,
	`condition` text NOT NULL,
	`notes` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `family_history_patient_idx` ON `family_history` (`patient_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `catalog_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` text NOT NULL,
	`loaded_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `diagnoses` (
	`code` text PRIMARY KEY NOT NULL,
	`compact` text NOT NULL,
	`name_es` text NOT NULL,
	`name_en` text
);
--> statement-breakpoint
CREATE INDEX `diagnoses_compact_idx` ON `diagnoses` (`compact`);--> statement-breakpoint
ALTER TABLE `patients` ADD `birth_date` text;--> statement-breakpoint
ALTER TABLE `patients` ADD `sex` text;--> statement-breakpoint
ALTER TABLE `clinical_histories` ADD `subjective` text;--> statement-breakpoint
ALTER TABLE `clinical_histories` ADD `exploration` text;--> statement-breakpoint
ALTER TABLE `clinical_histories` ADD `plan` text;--> statement-breakpoint
ALTER TABLE `clinical_histories` ADD `prognosis` text;--> statement-breakpoint
ALTER TABLE `clinical_histories` ADD `diagnoses` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `clinical_histories_medic_date_idx` ON `clinical_histories` (`medic_id`,`date`);--> statement-breakpoint
-- Written by hand from here (issue 21). The family history is a record list like the others: its
-- changes give the patient a new record_version in the same transaction (see 0006).
CREATE TRIGGER `family_history_record_version_insert` AFTER INSERT ON `family_history`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `family_history_record_version_update` AFTER UPDATE ON `family_history`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` IN (old.`patient_id`, new.`patient_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `family_history_record_version_delete` AFTER DELETE ON `family_history`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = old.`patient_id`;
END;
--> statement-breakpoint
-- The diagnosis catalog's names, searchable by words in any order regardless of case and accents.
-- External content: the loader fills `diagnoses` and then rebuilds this index in one transaction.
CREATE VIRTUAL TABLE `diagnoses_fts` USING fts5(
  `name_es`, `name_en`, content='diagnoses', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2'
);
