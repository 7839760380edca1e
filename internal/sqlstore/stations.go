package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.StationStore = (*DB)(nil)

const stationSelect = `SELECT s.id, s.user_id, u.username, s.name, s.start_at, s.audio_key, s.format, s.duration, s.created_at
	FROM stations s JOIN users u ON u.id = s.user_id`

// CreateStation inserts s; its id is chosen by the caller, who names the audio after it.
func (d *DB) CreateStation(ctx context.Context, s *musicify.Station) error {
	if s.Created.IsZero() {
		s.Created = d.Now().UTC().Truncate(time.Millisecond) // as stored
	}
	if _, err := d.exec(ctx, `INSERT INTO stations (id, user_id, name, start_at, audio_key, format, duration, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, s.ID, s.UserID, s.Name, toMillis(s.Start), s.AudioKey, s.Format, s.Duration,
		toMillis(s.Created)); err != nil {
		return fmt.Errorf("creating station: %w", err)
	}
	return nil
}

func (d *DB) Station(ctx context.Context, id string) (*musicify.Station, error) {
	s, err := scanStation(d.queryRow(ctx, stationSelect+` WHERE s.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This station does not exist.")
	} else if err != nil {
		return nil, fmt.Errorf("reading station: %w", err)
	}
	return s, nil
}

// Stations lists every station, the earliest start first.
func (d *DB) Stations(ctx context.Context) ([]*musicify.Station, error) {
	return collect(ctx, d, "stations", scanStation, stationSelect+` ORDER BY s.start_at, s.id`)
}

func (d *DB) DeleteStation(ctx context.Context, id string) error {
	res, err := d.exec(ctx, `DELETE FROM stations WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("deleting station: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return musicify.Errorf(musicify.ENOTFOUND, "This station does not exist.")
	}
	return nil
}

func scanStation(sc scanner) (*musicify.Station, error) {
	var s musicify.Station
	var start, created int64
	if err := sc.Scan(&s.ID, &s.UserID, &s.Owner, &s.Name, &start, &s.AudioKey, &s.Format, &s.Duration, &created); err != nil {
		return nil, err
	}
	s.Start, s.Created = fromMillis(start), fromMillis(created)
	return &s, nil
}
