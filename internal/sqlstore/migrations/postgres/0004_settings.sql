-- Small facts about this installation, such as "the demo catalog is complete".
CREATE TABLE settings (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
