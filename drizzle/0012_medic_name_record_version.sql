-- Written by hand (issue 21). Each appointment in a record's lists names the medic who holds it
-- (services/columns.ts, medicOfHistory), and those lists are kept in memory per patient while
-- patients.record_version is unchanged (see 0006). A medic's new name or last name gives every
-- patient they have appointments with a new random record_version, in the same transaction as the
-- rename. Only a real change of the name does: a profile saved with the same name keeps the lists.
CREATE TRIGGER `users_medic_name_record_version` AFTER UPDATE OF `name`, `lname` ON `users`
WHEN (old.`name` IS NOT new.`name` OR old.`lname` IS NOT new.`lname`)
  AND EXISTS (SELECT 1 FROM `medics` WHERE `user_id` = new.`id`)
BEGIN
  UPDATE `patients` SET `record_version` = random()
  WHERE `id` IN (
    SELECT `h`.`patient_id` FROM `clinical_histories` `h` JOIN `medics` `m` ON `m`.`id` = `h`.`medic_id`
    WHERE `m`.`user_id` = new.`id`
  );
END;
