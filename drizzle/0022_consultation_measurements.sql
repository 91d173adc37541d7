-- Vital signs and lab results recorded at a consultation carry it (API.md "A consultation that stays
-- as it was written"). The foreign keys set null when today's appointment is deleted, so a reading
-- is never lost with it (drizzle-kit writes ADD COLUMN's REFERENCES without the schema's ON DELETE).
ALTER TABLE `labs` ADD `history_id` integer REFERENCES clinical_histories(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `labs_history_idx` ON `labs` (`history_id`);--> statement-breakpoint
ALTER TABLE `vitals` ADD `history_id` integer REFERENCES clinical_histories(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `vitals_history_idx` ON `vitals` (`history_id`);--> statement-breakpoint
-- What the database can judge without the practice's clock: a note keeps its author and the moment it
-- was written (a removed medic's account still sets medic_id null through its foreign key), and a
-- measurement never moves to another consultation.
CREATE TRIGGER `clinical_histories_author_fixed` BEFORE UPDATE OF `medic_id`, `created_at` ON `clinical_histories`
WHEN NEW.`created_at` IS NOT OLD.`created_at` OR (NEW.`medic_id` IS NOT OLD.`medic_id` AND NEW.`medic_id` IS NOT NULL)
BEGIN SELECT RAISE(ABORT, 'a consultation note keeps its author and the moment it was written'); END;--> statement-breakpoint
CREATE TRIGGER `vitals_consultation_fixed` BEFORE UPDATE OF `history_id` ON `vitals`
WHEN NEW.`history_id` IS NOT OLD.`history_id` AND NEW.`history_id` IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'a vital sign stays with the consultation it was recorded at'); END;--> statement-breakpoint
CREATE TRIGGER `labs_consultation_fixed` BEFORE UPDATE OF `history_id` ON `labs`
WHEN NEW.`history_id` IS NOT OLD.`history_id` AND NEW.`history_id` IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'a lab result stays with the consultation it was recorded at'); END;
