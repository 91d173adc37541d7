CREATE TABLE `emergency_accesses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`medic_id` integer NOT NULL,
	`patient_id` integer NOT NULL,
	`reason` text NOT NULL,
	`started_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`medic_id`) REFERENCES `medics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `emergency_accesses_medic_patient_idx` ON `emergency_accesses` (`medic_id`,`patient_id`,`expires_at`);--> statement-breakpoint
CREATE INDEX `emergency_accesses_started_idx` ON `emergency_accesses` (`started_at`);--> statement-breakpoint
CREATE TABLE `link_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`medic_id` integer NOT NULL,
	`patient_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` text NOT NULL,
	`decided_at` text,
	FOREIGN KEY (`medic_id`) REFERENCES `medics`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`patient_id`) REFERENCES `patients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `link_requests_medic_patient_unique` ON `link_requests` (`medic_id`,`patient_id`);--> statement-breakpoint
CREATE INDEX `link_requests_patient_status_idx` ON `link_requests` (`patient_id`,`status`);--> statement-breakpoint
ALTER TABLE `users` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `is_admin` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `must_change_password` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `users_type_status_idx` ON `users` (`type`,`status`);--> statement-breakpoint
ALTER TABLE `audit_events` ADD `emergency` integer DEFAULT false NOT NULL;