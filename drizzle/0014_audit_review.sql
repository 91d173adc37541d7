DROP INDEX `audit_events_actor_at_idx`;--> statement-breakpoint
CREATE INDEX `audit_events_patient_id_idx` ON `audit_events` (`patient_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_actor_id_idx` ON `audit_events` (`actor_user_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_action_id_idx` ON `audit_events` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_events_at_idx` ON `audit_events` (`at`);--> statement-breakpoint
-- Written by hand from here (issue 23). INSERT OR REPLACE over an existing id deletes the old row
-- without a DELETE trigger firing unless the connection has recursive_triggers on, which only the
-- server's own connection is sure to have (db/client.ts). This refuses it from any connection, the
-- sqlite3 shell's included: a new event never names an existing id. A normal insert leaves the id to
-- SQLite, and new.id is then -1 here, which no row holds.
CREATE TRIGGER `audit_events_no_replace` BEFORE INSERT ON `audit_events`
WHEN EXISTS (SELECT 1 FROM `audit_events` WHERE `id` = new.`id`)
BEGIN
  SELECT RAISE(ABORT, 'audit_events is append-only: an event is never replaced');
END;
