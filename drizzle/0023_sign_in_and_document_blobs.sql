CREATE TABLE `sign_in_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`attempt` text NOT NULL,
	`key` text NOT NULL,
	`account` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_attempts_key_at_idx` ON `sign_in_attempts` (`key`,`at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_attempt_idx` ON `sign_in_attempts` (`attempt`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_at_idx` ON `sign_in_attempts` (`at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_account_idx` ON `sign_in_attempts` (`account`);--> statement-breakpoint
CREATE TABLE `sign_in_trusted_addresses` (
	`key` text PRIMARY KEY NOT NULL,
	`since` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `document_blobs` (
	`name` text PRIMARY KEY NOT NULL,
	`content` blob NOT NULL,
	`created_at` text NOT NULL
);
