-- The audit trail is append-only (0001): its rows never die, so vacuum has nothing to reclaim there.
-- PostgreSQL still vacuums a table once a fifth of its rows are new (to mark its pages all-visible and
-- freeze them); on a young trail under thousands of audited reads a second that comes every minute and
-- takes a core from the requests (measured: the record read 51 % of SQLite's rate with autovacuum off,
-- 41 % with it, on a trail of 150,000 rows). Here it comes every million new rows, as it does anyway on
-- a trail of five million; the vacuums that prevent transaction-id wraparound are unchanged.
ALTER TABLE audit_events SET (autovacuum_vacuum_insert_threshold = 1000000, autovacuum_vacuum_insert_scale_factor = 0);
