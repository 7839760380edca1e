-- Mails written at once by several connections took the same MAX(seq)+1:
-- a sequence numbers them instead, and the index now says seq is unique.
UPDATE outbox_mails SET seq = n.n FROM
    (SELECT id, row_number() OVER (ORDER BY seq, created_at, id) AS n FROM outbox_mails) n
    WHERE outbox_mails.id = n.id;
DROP INDEX outbox_mails_seq; -- its name goes to the sequence
CREATE SEQUENCE outbox_mails_seq OWNED BY outbox_mails.seq;
SELECT setval('outbox_mails_seq', COALESCE((SELECT MAX(seq) FROM outbox_mails), 0) + 1, false);
ALTER TABLE outbox_mails ALTER COLUMN seq SET DEFAULT nextval('outbox_mails_seq');
CREATE UNIQUE INDEX outbox_mails_seq_unique ON outbox_mails (seq);
