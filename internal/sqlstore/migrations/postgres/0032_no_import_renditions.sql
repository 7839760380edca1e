-- Songs stream their originals, and renditions are made when a player
-- asks for one (under renditions/): the renditions older versions made
-- at import are named by no row from here on, and the sweep removes them.
UPDATE songs SET stream_key = '' WHERE stream_key <> '';
