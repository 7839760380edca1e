-- The index says seq is unique, as PostgreSQL's has since its 0012 (where
-- the old name went to a sequence): one writer at a time numbers the mails,
-- so none should share a number, and `musicify migrate` copies them into
-- PostgreSQL's unique index. Renumbered first in the same order, in case.
UPDATE outbox_mails SET seq = n.n FROM
    (SELECT id, row_number() OVER (ORDER BY seq, created_at, id) AS n FROM outbox_mails) n
    WHERE outbox_mails.id = n.id;
DROP INDEX outbox_mails_seq;
CREATE UNIQUE INDEX outbox_mails_seq_unique ON outbox_mails (seq);
