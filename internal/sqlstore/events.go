package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.EventLog = (*DB)(nil)

// emit records an event of the transaction's change. It is written to the
// event log just before the commit, so the lock that numbers events (on
// PostgreSQL) is held as briefly as can be, and handed to d.Events after.
func (t *Tx) emit(e musicify.Event) {
	if e.At.IsZero() {
		e.At = t.d.Now()
	}
	t.events = append(t.events, e)
}

// writeEvents numbers the transaction's events after every event committed
// before, and stores them.
func (t *Tx) writeEvents(ctx context.Context) error {
	if len(t.events) == 0 {
		return nil
	}
	if err := t.d.dialect.lockEvents(ctx, t); err != nil {
		return fmt.Errorf("waiting for the events lock: %w", err)
	}
	for i := range t.events {
		e := &t.events[i]
		data := string(e.Data)
		if data == "" {
			data = "{}"
		}
		if err := t.queryRow(ctx, `INSERT INTO events (seq, type, user_id, song_id, playlist_id, station_id, at, data)
			VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM events), ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
			string(e.Type), e.UserID, e.SongID, e.PlaylistID, e.StationID, toMillis(e.At), data).Scan(&e.Seq); err != nil {
			return fmt.Errorf("storing event %s: %w", e.Type, err)
		}
	}
	return nil
}

// publish hands committed events to whoever hears them; a failure is only
// logged by the publisher, since the event log holds the events for catch-up.
func (d *DB) publish(ctx context.Context, events []musicify.Event) {
	if len(events) == 0 || d.Events == nil {
		return
	}
	// The change stands whatever the caller's context does now.
	_ = d.Events.Publish(context.WithoutCancel(ctx), events...)
}

// EventsAfter returns up to limit events with Seq > seq, by Seq.
func (d *DB) EventsAfter(ctx context.Context, seq uint64, limit int) ([]musicify.Event, error) {
	return collect(ctx, d, "events", scanEvent, `SELECT seq, type, user_id, song_id, playlist_id, station_id, at, data FROM events
		WHERE seq > ? ORDER BY seq LIMIT ?`, int64(seq), limit)
}

// EventsSince returns the events of one type from since on, by Seq: what
// a subscriber that only needs recent ones loads at start.
func (d *DB) EventsSince(ctx context.Context, typ musicify.EventType, since time.Time) ([]musicify.Event, error) {
	return collect(ctx, d, "events", scanEvent, `SELECT seq, type, user_id, song_id, playlist_id, station_id, at, data FROM events
		WHERE at >= ? AND type = ? ORDER BY seq`, toMillis(since), string(typ))
}

func scanEvent(s scanner) (musicify.Event, error) {
	var e musicify.Event
	var at int64
	var typ string
	var data []byte
	if err := s.Scan(&e.Seq, &typ, &e.UserID, &e.SongID, &e.PlaylistID, &e.StationID, &at, &data); err != nil {
		return e, err
	}
	e.Type, e.At = musicify.EventType(typ), fromMillis(at)
	if string(data) != "{}" {
		e.Data = json.RawMessage(data)
	}
	return e, nil
}

// LastEventSeq is the newest Seq, 0 when there is none.
func (d *DB) LastEventSeq(ctx context.Context) (uint64, error) {
	var seq int64
	if err := d.queryRow(ctx, `SELECT COALESCE(MAX(seq), 0) FROM events`).Scan(&seq); err != nil {
		return 0, fmt.Errorf("reading the last event: %w", err)
	}
	return uint64(seq), nil
}

// Snapshot runs fn on a view of the database as it is at one moment, for a
// subscriber that loads its state and the Seq it includes together, so no
// event is counted both in the state and again after it.
func (d *DB) Snapshot(ctx context.Context, fn func(*DB) error) error {
	tx, err := d.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead})
	if err != nil {
		return fmt.Errorf("starting a snapshot: %w", err)
	}
	defer tx.Rollback()
	if err := fn(&DB{db: d.db, dialect: d.dialect, Now: d.Now, snap: tx}); err != nil {
		return err
	}
	return tx.Commit()
}

// DeleteEventsBefore drops events written before t, keeping the newest
// always: instances load their state at start and need the event log only
// for what happens while they run, and Seq goes on from the newest.
func (d *DB) DeleteEventsBefore(ctx context.Context, t time.Time) (int64, error) {
	res, err := d.exec(ctx, `DELETE FROM events WHERE at < ? AND seq < (SELECT MAX(seq) FROM events)`, toMillis(t))
	if err != nil {
		return 0, fmt.Errorf("deleting old events: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}
