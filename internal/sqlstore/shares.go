package sqlstore

import (
	"context"
	"database/sql"
	"errors"

	"github.com/musicify/musicify/internal/musicify"
)

// shareTable is the table of a shared kind, with what a missing row says.
func shareTable(kind string) (table string, notFound error, err error) {
	switch kind {
	case "song":
		return "songs", musicify.Errorf(musicify.ENOTFOUND, "This song does not exist."), nil
	case "playlist":
		return "playlists", errNoPlaylist, nil
	}
	return "", nil, musicify.Errorf(musicify.EINVALID, "A share link is for a song or a playlist.")
}

func (d *DB) SharePreviews(ctx context.Context, kind, id string) (bool, error) {
	table, notFound, err := shareTable(kind)
	if err != nil {
		return false, err
	}
	var on int
	err = d.queryRow(ctx, `SELECT previews FROM `+table+` WHERE id = ?`, id).Scan(&on)
	if errors.Is(err, sql.ErrNoRows) {
		return false, notFound
	} else if err != nil {
		return false, wrap(err, "reading share previews")
	}
	return on != 0, nil
}

func (d *DB) SetSharePreviews(ctx context.Context, kind, id string, on bool) error {
	table, notFound, err := shareTable(kind)
	if err != nil {
		return err
	}
	v := 0
	if on {
		v = 1
	}
	res, err := d.exec(ctx, `UPDATE `+table+` SET previews = ? WHERE id = ?`, v, id)
	if err != nil {
		return wrap(err, "setting share previews")
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return notFound
	}
	return nil
}
