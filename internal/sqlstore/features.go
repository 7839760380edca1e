package sqlstore

import (
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.FeatureStore = (*DB)(nil)

const featureColumns = `version, bpm, tonic, mode, tonic_confidence, energy, brightness, percussiveness,
	acousticness, instrumentalness, embedding, seconds, analyzed_at`

// SetSongFeatures stores a song's features in place of any older ones, and
// says so to discovery in the same transaction.
func (d *DB) SetSongFeatures(ctx context.Context, songID string, f *musicify.AudioFeatures) error {
	err := d.WithTx(ctx, func(tx *Tx) error {
		var one int
		err := tx.queryRow(ctx, `SELECT 1 FROM songs WHERE id = ?`, songID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return musicify.Errorf(musicify.ENOTFOUND, "This song does not exist.")
		} else if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `INSERT INTO song_features (song_id, `+featureColumns+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (song_id) DO UPDATE SET version = excluded.version, bpm = excluded.bpm,
				tonic = excluded.tonic, mode = excluded.mode, tonic_confidence = excluded.tonic_confidence,
				energy = excluded.energy, brightness = excluded.brightness, percussiveness = excluded.percussiveness,
				acousticness = excluded.acousticness, instrumentalness = excluded.instrumentalness,
				embedding = excluded.embedding, seconds = excluded.seconds, analyzed_at = excluded.analyzed_at`,
			songID, f.Version, f.BPM, f.Key, string(f.Mode), f.KeyConfidence, f.Energy, f.Brightness,
			f.Percussiveness, f.Acousticness, f.Instrumentalness, packEmbedding(f.Embedding), f.Seconds,
			toMillis(f.Analyzed)); err != nil {
			return err
		}
		data, err := json.Marshal(musicify.SongAnalyzedData{Embedding: f.Embedding})
		if err != nil {
			return err
		}
		tx.emit(musicify.Event{Type: musicify.EventSongAnalyzed, SongID: songID, Data: data})
		return nil
	})
	return wrap(err, "storing audio features")
}

// SongFeatures reads what the analysis stored for a song.
func (d *DB) SongFeatures(ctx context.Context, songID string) (*musicify.AudioFeatures, error) {
	f, err := scanFeatures(d.queryRow(ctx, `SELECT `+featureColumns+` FROM song_features WHERE song_id = ?`, songID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This song has not been analysed yet.")
	} else if err != nil {
		return nil, fmt.Errorf("reading audio features: %w", err)
	}
	return f, nil
}

// SongFeaturesByIDs reads the features of many songs in one query.
func (d *DB) SongFeaturesByIDs(ctx context.Context, ids []string) (map[string]*musicify.AudioFeatures, error) {
	out := make(map[string]*musicify.AudioFeatures, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	err := d.eachFeatures(ctx, `SELECT song_id, `+featureColumns+` FROM song_features WHERE song_id IN (`+placeholders(len(ids))+`)`,
		anys(ids), func(id string, f *musicify.AudioFeatures) error {
			out[id] = f
			return nil
		})
	return out, err
}

// EachSongFeatures streams every stored row, so a large library's
// embeddings are never held twice.
func (d *DB) EachSongFeatures(ctx context.Context, fn func(songID string, f *musicify.AudioFeatures) error) error {
	return d.eachFeatures(ctx, `SELECT song_id, `+featureColumns+` FROM song_features ORDER BY song_id`, nil, fn)
}

func (d *DB) eachFeatures(ctx context.Context, query string, args []any, fn func(string, *musicify.AudioFeatures) error) error {
	rows, err := d.query(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("reading audio features: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		f, err := scanFeatures(rows, &id)
		if err != nil {
			return fmt.Errorf("reading audio features: %w", err)
		}
		if err := fn(id, f); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading audio features: %w", err)
	}
	return nil
}

// SongsToMeasure lists the songs still to analyse at version: never
// analysed, or by an older analysis, with no job of kind on its way. A
// job that failed at this version is not tried again at every start; one
// that failed at an older version is, since the analysis changed.
func (d *DB) SongsToMeasure(ctx context.Context, version int, kind string) ([]*musicify.Song, error) {
	return d.songList(ctx, `SELECT `+songColumns+songFrom+`
		LEFT JOIN song_features f ON f.song_id = s.id
		WHERE (f.song_id IS NULL OR f.version < ?) AND s.missing_at IS NULL
		AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.subject = s.id AND j.kind = ?
			AND (j.state IN ('pending', 'running') OR (j.state = 'failed' AND j.payload = ?)))
		ORDER BY s.created_at, s.id`, version, kind, musicify.FeaturesJobPayload(version))
}

func scanFeatures(s scanner, id ...*string) (*musicify.AudioFeatures, error) {
	var f musicify.AudioFeatures
	var mode string
	var emb []byte
	var at int64
	dest := []any{&f.Version, &f.BPM, &f.Key, &mode, &f.KeyConfidence, &f.Energy, &f.Brightness, &f.Percussiveness,
		&f.Acousticness, &f.Instrumentalness, &emb, &f.Seconds, &at}
	if len(id) > 0 {
		dest = append([]any{id[0]}, dest...)
	}
	if err := s.Scan(dest...); err != nil {
		return nil, err
	}
	f.Mode, f.Embedding, f.Analyzed = musicify.Mode(mode), unpackEmbedding(emb), fromMillis(at)
	return &f, nil
}

// packEmbedding writes the vector as little-endian float32s: 4 bytes a
// dimension, the same bytes on both databases.
func packEmbedding(v []float32) []byte {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(x))
	}
	return out
}

func unpackEmbedding(b []byte) []float32 {
	if len(b) == 0 {
		return nil
	}
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}
