-- The broad-query walk reads the most listened songs in (view_count, id)
-- order, and then the count of each song that matched: with both in an
-- index, neither is read from the table (EXPLAIN ANALYZE of a name that
-- 632 of 100,000 songs hold: 7.5 ms before, 3.6 ms after).
CREATE INDEX songs_views_id ON songs (view_count DESC, id);
CREATE INDEX songs_id_views ON songs (id) INCLUDE (view_count);
DROP INDEX songs_views;
