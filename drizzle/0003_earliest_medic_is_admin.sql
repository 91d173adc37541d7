-- An install from before practice administration: its earliest medic becomes the administrator,
-- and every existing account stays active (the column default), so nobody is locked out.
UPDATE `users` SET `is_admin` = 1
WHERE `id` = (SELECT min(`u`.`id`) FROM `users` `u` JOIN `medics` `m` ON `m`.`user_id` = `u`.`id`)
  AND NOT EXISTS (SELECT 1 FROM `users` WHERE `is_admin` = 1);
