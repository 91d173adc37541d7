ALTER TABLE `diagnoses` ADD `uses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand from here. The count follows every write of an appointment's diagnoses (a new
-- appointment, an edit, a deletion, a patient's deletion cascading to them), each code counted once
-- per appointment (IN takes each code once). A text that is not JSON counts as no codes rather
-- than failing the write.
CREATE TRIGGER `diagnoses_uses_insert` AFTER INSERT ON `clinical_histories`
BEGIN
  UPDATE `diagnoses` SET `uses` = `uses` + 1 WHERE `code` IN (
    SELECT json_extract(`value`, '$.code') FROM json_each(CASE WHEN json_valid(new.`diagnoses`) THEN new.`diagnoses` ELSE '[]' END)
  );
END;
--> statement-breakpoint
CREATE TRIGGER `diagnoses_uses_update` AFTER UPDATE OF `diagnoses` ON `clinical_histories`
WHEN old.`diagnoses` IS NOT new.`diagnoses`
BEGIN
  UPDATE `diagnoses` SET `uses` = `uses` - 1 WHERE `code` IN (
    SELECT json_extract(`value`, '$.code') FROM json_each(CASE WHEN json_valid(old.`diagnoses`) THEN old.`diagnoses` ELSE '[]' END)
  );
  UPDATE `diagnoses` SET `uses` = `uses` + 1 WHERE `code` IN (
    SELECT json_extract(`value`, '$.code') FROM json_each(CASE WHEN json_valid(new.`diagnoses`) THEN new.`diagnoses` ELSE '[]' END)
  );
END;
--> statement-breakpoint
CREATE TRIGGER `diagnoses_uses_delete` AFTER DELETE ON `clinical_histories`
BEGIN
  UPDATE `diagnoses` SET `uses` = `uses` - 1 WHERE `code` IN (
    SELECT json_extract(`value`, '$.code') FROM json_each(CASE WHEN json_valid(old.`diagnoses`) THEN old.`diagnoses` ELSE '[]' END)
  );
END;
--> statement-breakpoint
-- The appointments written before this migration, counted once in one pass over them (as the loader
-- counts them again after a reload: COUNT_USES in server/services/diagnosis-catalog-loader.ts).
UPDATE `diagnoses` SET `uses` = c.`n` FROM (
  SELECT `code`, count(*) AS `n` FROM (
    SELECT DISTINCT h.`id`, json_extract(j.`value`, '$.code') AS `code`
    FROM `clinical_histories` h, json_each(CASE WHEN json_valid(h.`diagnoses`) THEN h.`diagnoses` ELSE '[]' END) j
  ) WHERE `code` IS NOT NULL GROUP BY `code`
) AS c WHERE c.`code` = `diagnoses`.`code`;
