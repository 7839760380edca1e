-- Work one instance does for all, such as scanning the library folders:
-- the instance holding a lease until expires_at (unix milliseconds) does
-- it, and renews the lease while it works.
CREATE TABLE leases (
    name       TEXT PRIMARY KEY,
    holder     TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
