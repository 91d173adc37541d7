CREATE TABLE `medics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`whatsapp` text,
	`about` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `medics_user_id_unique` ON `medics` (`user_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`lname` text NOT NULL,
	`phone` text,
	`address` text,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_lower_unique` ON `users` (lower("email"));--> statement-breakpoint
CREATE INDEX `users_lname_name_idx` ON `users` (`lname`,`name`);--> statement-breakpoint
CREATE TABLE `document_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `document_types_name_lower_unique` ON `document_types` (lower("name"));--> statement-breakpoint
CREATE TABLE `educations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `educations_name_lower_unique` ON `educations` (lower("name"));--> statement-breakpoint
CREATE TABLE `nationalities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `nationalities_name_lower_unique` ON `nationalities` (lower("name"));--> statement-breakpoint
CREATE TABLE `professions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `professions_name_lower_unique` ON `professions` (lower("name"));--> statement-breakpoint
CREATE TABLE `religions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `religions_name_lower_unique` ON `religions` (lower("name"));--> statement-breakpoint
CREATE TABLE `insurances` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`name` text,
	`type` text,
	`provider` text,
	`policy_number` text,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `insurances_patient_id_unique` ON `insurances` (`patient_id`);--> statement-breakpoint
CREATE TABLE `lifestyles` (
	`patient_id` integer PRIMARY KEY NOT NULL,
	`alcohol_frequency` text,
	`alcohol_quantity` text,
	`alcohol_type` text,
	`tobacco_frequency` text,
	`tobacco_quantity` text,
	`tobacco_years_using` text,
	`drugs_type` text,
	`drugs_frequency` text,
	`activity_frequency` text,
	`activity_type` text,
	`activity_duration` text,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `medic_patients` (
	`medic_id` integer NOT NULL,
	`patient_id` integer NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`medic_id`, `patient_id`),
	FOREIGN KEY (`medic_id`) REFERENCES `medics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `medic_patients_patient_idx` ON `medic_patients` (`patient_id`);--> statement-breakpoint
CREATE TABLE `patients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`extra_phone` text DEFAULT '' NOT NULL,
	`address_specific` text DEFAULT '' NOT NULL,
	`blood_group` text,
	`blood_rh` text,
	`civil_status` text,
	`weight` real,
	`height` integer,
	`policy` text DEFAULT '' NOT NULL,
	`document_number` text,
	`origin` text DEFAULT '' NOT NULL,
	`origin_sent` text DEFAULT '' NOT NULL,
	`origin_place` text DEFAULT '' NOT NULL,
	`insurance_comment` text DEFAULT '' NOT NULL,
	`profession_id` integer,
	`religion_id` integer,
	`nationality_id` integer,
	`education_id` integer,
	`document_type_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`profession_id`) REFERENCES `professions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`religion_id`) REFERENCES `religions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`nationality_id`) REFERENCES `nationalities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`education_id`) REFERENCES `educations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`document_type_id`) REFERENCES `document_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `patients_user_id_unique` ON `patients` (`user_id`);--> statement-breakpoint
CREATE TABLE `allergies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`allergy_name` text NOT NULL,
	`severity` text,
	`type` text,
	`reaction` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `allergies_patient_idx` ON `allergies` (`patient_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `clinical_histories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`medic_id` integer,
	`date` text NOT NULL,
	`start` text NOT NULL,
	`end` text,
	`motive` text NOT NULL,
	`notes` text,
	`medications` text DEFAULT '[]' NOT NULL,
	`diagnosis_ids` text DEFAULT '[]' NOT NULL,
	`closed` integer DEFAULT false NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`medic_id`) REFERENCES `medics`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `clinical_histories_patient_date_idx` ON `clinical_histories` (`patient_id`,`date`);--> statement-breakpoint
CREATE TABLE `emergency_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`name` text NOT NULL,
	`relationship` text,
	`phone` text,
	`email` text,
	`address` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `emergency_contacts_patient_idx` ON `emergency_contacts` (`patient_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`uploaded_by` integer,
	`name` text NOT NULL,
	`comment` text,
	`main_type` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`code` text NOT NULL,
	`blob_name` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `files_code_unique` ON `files` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `files_blob_name_unique` ON `files` (`blob_name`);--> statement-breakpoint
CREATE INDEX `files_patient_created_idx` ON `files` (`patient_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `labs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`content_id` integer,
	`test_name` text,
	`value` text,
	`unit` text,
	`reference_range` text,
	`date` text NOT NULL,
	`comment` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `labs_patient_date_idx` ON `labs` (`patient_id`,`date`);--> statement-breakpoint
CREATE TABLE `pathological_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`condition` text NOT NULL,
	`diagnosis_date` text,
	`status` text,
	`notes` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pathological_records_patient_date_idx` ON `pathological_records` (`patient_id`,`diagnosis_date`);--> statement-breakpoint
CREATE TABLE `vaccines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`vaccine_name` text NOT NULL,
	`date` text NOT NULL,
	`dose` text,
	`manufacturer` text,
	`next_dose` text,
	`created_at` text NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vaccines_patient_date_idx` ON `vaccines` (`patient_id`,`date`);--> statement-breakpoint
CREATE TABLE `vitals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`patient_id` integer NOT NULL,
	`date` text NOT NULL,
	`systolic` integer,
	`diastolic` integer,
	`heart_rate` integer,
	`temperature` real,
	`oxygen_saturation` real,
	`respiratory_rate` integer,
	`created_at` text NOT NULL,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vitals_patient_date_idx` ON `vitals` (`patient_id`,`date`);--> statement-breakpoint
CREATE TABLE `audit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`actor_user_id` integer,
	`actor_type` text NOT NULL,
	`action` text NOT NULL,
	`patient_id` integer,
	`outcome` text NOT NULL,
	`ip` text,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `audit_events_patient_at_idx` ON `audit_events` (`patient_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_events_actor_at_idx` ON `audit_events` (`actor_user_id`,`at`);