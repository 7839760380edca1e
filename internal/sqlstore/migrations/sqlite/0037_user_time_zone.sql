-- The IANA time zone a person's days and weeks are counted in (their mixes
-- are made anew at their midnight, Discover Weekly on their Monday); the
-- browser they use sets it. Empty: UTC.
ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
