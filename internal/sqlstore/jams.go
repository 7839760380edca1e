package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

var _ musicify.JamStore = (*DB)(nil)

// jamState is the part of a Jam kept as one JSON document.
type jamState struct {
	GuestsControl bool                 `json:"guestsControl"`
	VisitorKey    string               `json:"visitorKey,omitempty"`
	Playing       bool                 `json:"playing"`
	PositionMs    int64                `json:"positionMs"`
	AnchorMs      int64                `json:"anchorMs"`
	Members       []musicify.JamMember `json:"members"`
	Queue         []musicify.JamEntry  `json:"queue"`
	Votes         []string             `json:"votes,omitempty"`
	Played        []string             `json:"played,omitempty"`
}

func encodeJam(j *musicify.Jam) (string, error) {
	b, err := json.Marshal(jamState{GuestsControl: j.GuestsControl, VisitorKey: j.VisitorKey, Playing: j.Playing,
		PositionMs: j.Position.Milliseconds(), AnchorMs: toMillis(j.Anchor),
		Members: j.Members, Queue: j.Queue, Votes: j.Votes, Played: j.Played})
	if err != nil {
		return "", fmt.Errorf("encoding a jam: %w", err)
	}
	return string(b), nil
}

func (d *DB) CreateJam(ctx context.Context, j *musicify.Jam) error {
	state, err := encodeJam(j)
	if err != nil {
		return err
	}
	return d.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `INSERT INTO jams (id, host_id, state, version, created_at) VALUES (?, ?, ?, ?, ?)`,
			j.ID, j.HostID, state, j.Version, toMillis(j.Created)); err != nil {
			return wrap(err, "creating a jam")
		}
		return setJamMembers(ctx, tx, j)
	})
}

// setJamMembers makes jam_members list exactly j's members, or none once
// it has ended.
func setJamMembers(ctx context.Context, tx *Tx, j *musicify.Jam) error {
	if _, err := tx.exec(ctx, `DELETE FROM jam_members WHERE jam_id = ?`, j.ID); err != nil {
		return wrap(err, "saving a jam's members")
	}
	if j.Ended {
		return nil
	}
	for _, m := range j.Members {
		if _, err := tx.exec(ctx, `INSERT INTO jam_members (jam_id, user_id) VALUES (?, ?)`, j.ID, m.UserID); err != nil {
			return wrap(err, "saving a jam's members")
		}
	}
	return nil
}

func (d *DB) Jam(ctx context.Context, id string) (*musicify.Jam, error) {
	j := musicify.Jam{ID: id}
	var state string
	var created int64
	var ended sql.NullInt64
	err := d.queryRow(ctx, `SELECT host_id, state, version, created_at, ended_at FROM jams WHERE id = ?`, id).
		Scan(&j.HostID, &state, &j.Version, &created, &ended)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, musicify.Errorf(musicify.ENOTFOUND, "This Jam does not exist. Ask for a new link.")
	} else if err != nil {
		return nil, wrap(err, "reading a jam")
	}
	var s jamState
	if err := json.Unmarshal([]byte(state), &s); err != nil {
		return nil, fmt.Errorf("decoding jam %s: %w", id, err)
	}
	j.Created, j.Ended = fromMillis(created), ended.Valid
	j.GuestsControl, j.VisitorKey, j.Playing = s.GuestsControl, s.VisitorKey, s.Playing
	j.Position, j.Anchor = time.Duration(s.PositionMs)*time.Millisecond, fromMillis(s.AnchorMs)
	j.Members, j.Queue, j.Votes, j.Played = s.Members, s.Queue, s.Votes, s.Played
	return &j, nil
}

func (d *DB) SaveJam(ctx context.Context, j *musicify.Jam, from int64) error {
	state, err := encodeJam(j)
	if err != nil {
		return err
	}
	var ended any
	if j.Ended {
		ended = toMillis(d.Now())
	}
	return d.WithTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE jams SET state = ?, version = ?, ended_at = ? WHERE id = ? AND version = ? AND ended_at IS NULL`,
			state, from+1, ended, j.ID, from)
		if err != nil {
			return wrap(err, "saving a jam")
		}
		if n, err := res.RowsAffected(); err != nil {
			return wrap(err, "saving a jam")
		} else if n == 0 {
			return musicify.Errorf(musicify.ECONFLICT, "The Jam changed meanwhile; try again.")
		}
		j.Version = from + 1
		return setJamMembers(ctx, tx, j)
	})
}

func (d *DB) JamOf(ctx context.Context, userID string) (string, error) {
	var id string
	err := d.queryRow(ctx, `SELECT m.jam_id FROM jam_members m JOIN jams j ON j.id = m.jam_id
		WHERE m.user_id = ? AND j.ended_at IS NULL ORDER BY j.created_at DESC LIMIT 1`, userID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", musicify.Errorf(musicify.ENOTFOUND, "You are not in a Jam.")
	}
	return id, wrap(err, "finding a person's jam")
}
