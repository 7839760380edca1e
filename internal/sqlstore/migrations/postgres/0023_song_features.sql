-- What listening to a song once told (internal/audiofeat): its tempo, key,
-- character scores and embedding, by the analysis version that measured
-- them, so a newer analysis knows which songs to measure again. Apart from
-- songs, which it follows out on delete.
CREATE TABLE song_features (
    song_id          TEXT PRIMARY KEY REFERENCES songs (id) ON DELETE CASCADE,
    version          INTEGER NOT NULL,
    bpm              DOUBLE PRECISION NOT NULL,
    tonic            INTEGER NOT NULL,  -- pitch class of the key's tonic, 0 = C
    mode             TEXT NOT NULL,     -- major or minor
    tonic_confidence DOUBLE PRECISION NOT NULL,
    energy           DOUBLE PRECISION NOT NULL,
    brightness       DOUBLE PRECISION NOT NULL,
    percussiveness   DOUBLE PRECISION NOT NULL,
    acousticness     DOUBLE PRECISION NOT NULL,
    instrumentalness DOUBLE PRECISION NOT NULL,
    embedding        BYTEA NOT NULL,    -- little-endian float32s, a unit vector
    seconds          DOUBLE PRECISION NOT NULL, -- audio analysed
    analyzed_at      BIGINT NOT NULL
);
CREATE INDEX song_features_version ON song_features (version);
