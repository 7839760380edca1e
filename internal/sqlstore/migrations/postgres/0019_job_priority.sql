-- Jobs get a priority: what a person just uploaded (0, interactive) runs
-- before what a library import queued (10, bulk), whenever both are due.
ALTER TABLE jobs ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;

-- ClaimJob walks the due jobs in (priority, run_at, id) order and stops at
-- the first; the index on (state, run_at) it replaces served only run_at.
CREATE INDEX jobs_claim ON jobs (state, priority, run_at, id);
DROP INDEX jobs_due;
