-- The catalog's word search (server/db/postgres/search-sql.ts) answers in this order: most used, then
-- three-character categories, then shorter names, then by code. A query whose words are all shorter
-- than a trigram cannot use the trigram indexes; it walks one of these in that order instead and stops
-- at its limit, where a scan of the whole catalog would fold every name (50-70 ms for "in").
CREATE INDEX diagnoses_search_order_es ON diagnoses (uses DESC, (length(compact) = 3) DESC, length(name_es), code COLLATE "C");--> statement-breakpoint
CREATE INDEX diagnoses_search_order_en ON diagnoses (uses DESC, (length(compact) = 3) DESC, length(coalesce(name_en, name_es)), code COLLATE "C");--> statement-breakpoint
-- The code search compares codes by bytes, as SQLite compares text (services/diagnosis-catalog.ts).
CREATE INDEX diagnoses_compact_bytes ON diagnoses (compact COLLATE "C");
