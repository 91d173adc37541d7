ALTER TABLE `sessions` ADD `last_used_at` text;--> statement-breakpoint
ALTER TABLE `audit_events` ADD `actor_name` text;--> statement-breakpoint
ALTER TABLE `audit_events` ADD `actor_lname` text;--> statement-breakpoint
ALTER TABLE `emergency_accesses` ADD `medic_name` text;--> statement-breakpoint
ALTER TABLE `emergency_accesses` ADD `medic_lname` text;--> statement-breakpoint
-- Written by hand (issue 26): accesses from before names were kept take the name the medic has at
-- the upgrade, the best that is known; every later one keeps the name it was started under.
UPDATE `emergency_accesses` SET
  `medic_name` = (SELECT `users`.`name` FROM `medics` JOIN `users` ON `users`.`id` = `medics`.`user_id` WHERE `medics`.`id` = `emergency_accesses`.`medic_id`),
  `medic_lname` = (SELECT `users`.`lname` FROM `medics` JOIN `users` ON `users`.`id` = `medics`.`user_id` WHERE `medics`.`id` = `emergency_accesses`.`medic_id`);
