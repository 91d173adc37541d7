CREATE TABLE `addenda` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`history_id` integer NOT NULL,
	`patient_id` integer NOT NULL,
	`medic_id` integer NOT NULL,
	`medic_name` text NOT NULL,
	`medic_lname` text NOT NULL,
	`at` text NOT NULL,
	`text` text NOT NULL,
	FOREIGN KEY (`history_id`) REFERENCES `clinical_histories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`medic_id`) REFERENCES `medics`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `addenda_history_idx` ON `addenda` (`history_id`,`id`);--> statement-breakpoint
CREATE TABLE `practice` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text,
	`address` text,
	`city` text,
	`phone` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `prescription_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`prescription_id` integer NOT NULL,
	`position` integer NOT NULL,
	`drug` text NOT NULL,
	`drug_folded` text NOT NULL,
	`strength` text,
	`form` text,
	`route` text,
	`presentation` text,
	`packages` text,
	`dose` text,
	`frequency` text,
	`duration` text,
	`instructions` text,
	FOREIGN KEY (`prescription_id`) REFERENCES `prescriptions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prescription_items_position_unique` ON `prescription_items` (`prescription_id`,`position`);--> statement-breakpoint
CREATE INDEX `prescription_items_drug_idx` ON `prescription_items` (`drug_folded`);--> statement-breakpoint
CREATE TABLE `prescriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`history_id` integer NOT NULL,
	`patient_id` integer NOT NULL,
	`medic_id` integer NOT NULL,
	`year` integer NOT NULL,
	`seq` integer NOT NULL,
	`number` text NOT NULL,
	`issued_at` text NOT NULL,
	`prescriber` text NOT NULL,
	`patient` text NOT NULL,
	`practice` text NOT NULL,
	`diagnoses` text NOT NULL,
	`notes` text,
	`voided_at` text,
	`void_reason` text,
	FOREIGN KEY (`history_id`) REFERENCES `clinical_histories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`medic_id`) REFERENCES `medics`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prescriptions_number_unique` ON `prescriptions` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `prescriptions_year_seq_unique` ON `prescriptions` (`year`,`seq`);--> statement-breakpoint
CREATE INDEX `prescriptions_history_idx` ON `prescriptions` (`history_id`);--> statement-breakpoint
CREATE INDEX `prescriptions_patient_idx` ON `prescriptions` (`patient_id`,`issued_at`);--> statement-breakpoint
ALTER TABLE `medics` ADD `specialty` text;--> statement-breakpoint
ALTER TABLE `medics` ADD `license_number` text;--> statement-breakpoint
-- Written by hand from here (issue 22). An issued prescription is never edited nor deleted: the one
-- change it takes is being voided, once (voided_at and void_reason set together, nothing else).
-- An addendum and a prescription's items are final. These hold for every connection, the sqlite3
-- shell's included; the server checks the same rules first, so a user never meets these errors.
CREATE TRIGGER `prescriptions_never_deleted` BEFORE DELETE ON `prescriptions`
BEGIN
  SELECT RAISE(ABORT, 'prescriptions are never deleted: void it instead');
END;
--> statement-breakpoint
CREATE TRIGGER `prescriptions_only_voided` BEFORE UPDATE ON `prescriptions`
WHEN old.`voided_at` IS NOT NULL
  OR new.`voided_at` IS NULL OR new.`void_reason` IS NULL
  OR new.`id` IS NOT old.`id` OR new.`history_id` IS NOT old.`history_id` OR new.`patient_id` IS NOT old.`patient_id`
  OR new.`medic_id` IS NOT old.`medic_id` OR new.`year` IS NOT old.`year` OR new.`seq` IS NOT old.`seq`
  OR new.`number` IS NOT old.`number` OR new.`issued_at` IS NOT old.`issued_at` OR new.`prescriber` IS NOT old.`prescriber`
  OR new.`patient` IS NOT old.`patient` OR new.`practice` IS NOT old.`practice` OR new.`diagnoses` IS NOT old.`diagnoses`
  OR new.`notes` IS NOT old.`notes`
BEGIN
  SELECT RAISE(ABORT, 'an issued prescription is never edited: it can only be voided, once');
END;
--> statement-breakpoint
CREATE TRIGGER `prescription_items_never_updated` BEFORE UPDATE ON `prescription_items`
BEGIN
  SELECT RAISE(ABORT, 'the items of an issued prescription are never edited');
END;
--> statement-breakpoint
CREATE TRIGGER `prescription_items_never_deleted` BEFORE DELETE ON `prescription_items`
BEGIN
  SELECT RAISE(ABORT, 'the items of an issued prescription are never deleted');
END;
--> statement-breakpoint
CREATE TRIGGER `addenda_never_updated` BEFORE UPDATE ON `addenda`
BEGIN
  SELECT RAISE(ABORT, 'an addendum is never edited');
END;
--> statement-breakpoint
CREATE TRIGGER `addenda_never_deleted` BEFORE DELETE ON `addenda`
BEGIN
  SELECT RAISE(ABORT, 'an addendum is never deleted');
END;
--> statement-breakpoint
-- Appointments carry their prescriptions and addenda in the record's lists (see 0006): a new one,
-- or a prescription voided, gives the patient a new record_version in the same transaction.
-- Items are written in the same transaction as their prescription, whose insert already does so.
CREATE TRIGGER `prescriptions_record_version_insert` AFTER INSERT ON `prescriptions`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `prescriptions_record_version_update` AFTER UPDATE ON `prescriptions`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `addenda_record_version_insert` AFTER INSERT ON `addenda`
BEGIN
  UPDATE `patients` SET `record_version` = random() WHERE `id` = new.`patient_id`;
END;
