CREATE TABLE `diagnosis_uses` (
	`code` text PRIMARY KEY NOT NULL,
	`uses` integer NOT NULL
);
--> statement-breakpoint
-- Written by hand from here. The count follows every write of an appointment's diagnoses (a new
-- appointment, an edit, a deletion, a patient's deletion cascading to them), each code counted once
-- per appointment. A text that is not JSON counts as no codes rather than failing the write.
CREATE TRIGGER `diagnosis_uses_insert` AFTER INSERT ON `clinical_histories`
BEGIN
  INSERT INTO `diagnosis_uses` (`code`, `uses`)
    SELECT DISTINCT json_extract(`value`, '$.code'), 1
    FROM json_each(CASE WHEN json_valid(new.`diagnoses`) THEN new.`diagnoses` ELSE '[]' END)
    WHERE json_extract(`value`, '$.code') IS NOT NULL
    ON CONFLICT (`code`) DO UPDATE SET `uses` = `uses` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `diagnosis_uses_update` AFTER UPDATE OF `diagnoses` ON `clinical_histories`
WHEN old.`diagnoses` IS NOT new.`diagnoses`
BEGIN
  UPDATE `diagnosis_uses` SET `uses` = `uses` - 1 WHERE `code` IN (
    SELECT json_extract(`value`, '$.code') FROM json_each(CASE WHEN json_valid(old.`diagnoses`) THEN old.`diagnoses` ELSE '[]' END)
  );
  DELETE FROM `diagnosis_uses` WHERE `uses` <= 0;
  INSERT INTO `diagnosis_uses` (`code`, `uses`)
    SELECT DISTINCT json_extract(`value`, '$.code'), 1
    FROM json_each(CASE WHEN json_valid(new.`diagnoses`) THEN new.`diagnoses` ELSE '[]' END)
    WHERE json_extract(`value`, '$.code') IS NOT NULL
    ON CONFLICT (`code`) DO UPDATE SET `uses` = `uses` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `diagnosis_uses_delete` AFTER DELETE ON `clinical_histories`
BEGIN
  UPDATE `diagnosis_uses` SET `uses` = `uses` - 1 WHERE `code` IN (
    SELECT json_extract(`value`, '$.code') FROM json_each(CASE WHEN json_valid(old.`diagnoses`) THEN old.`diagnoses` ELSE '[]' END)
  );
  DELETE FROM `diagnosis_uses` WHERE `uses` <= 0;
END;
--> statement-breakpoint
-- The appointments written before this migration, counted once.
INSERT INTO `diagnosis_uses` (`code`, `uses`)
  SELECT `code`, count(*) FROM (
    SELECT DISTINCT h.`id`, json_extract(j.`value`, '$.code') AS `code`
    FROM `clinical_histories` h, json_each(CASE WHEN json_valid(h.`diagnoses`) THEN h.`diagnoses` ELSE '[]' END) j
  ) WHERE `code` IS NOT NULL GROUP BY `code`;
