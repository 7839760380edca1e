package sqlstore

import (
	"context"
	"fmt"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// copyTables are the tables Copy moves, parents before children. The
// search tables are not among them: the destination builds its own.
var copyTables = []struct {
	name  string
	keyed bool // a primary key lets a second run skip rows already there
}{
	{"users", true}, {"sessions", true}, {"one_time_codes", true}, {"outbox_mails", true},
	{"artists", true}, {"albums", true}, {"library_folders", true}, {"songs", true}, {"song_genres", true}, {"song_artists", true}, {"song_features", true}, {"listens", false}, {"jobs", true}, {"settings", true},
	{"playlists", true}, {"playlist_songs", true}, {"likes", true}, {"follows", true},
	{"interests", false}, {"stations", true},
	{"stars", true}, {"ratings", true}, {"play_queues", true}, {"bookmarks", true}, {"invites", true},
	// Events keep their numbers, so the new database goes on counting from them.
	{"events", true},
	{"app_passwords", true}, {"mixes", true}, {"jams", true}, {"jam_members", true}, {"devices", true},
}

// TableCount is how many rows a table holds on each side after a copy.
type TableCount struct {
	Table    string
	From, To int
}

// Copy copies every row of from into to (moving an installation from
// SQLite to PostgreSQL), reading one snapshot and writing one transaction,
// then builds to's search index and checks that to holds at least as many
// rows as from in every table. Rows whose key is already in to are kept as
// they are, so a second run changes nothing.
func Copy(ctx context.Context, from, to *DB) ([]TableCount, error) {
	var counts []TableCount
	err := from.WithTx(ctx, func(src *Tx) error {
		return to.WithTx(ctx, func(dst *Tx) error {
			for _, t := range copyTables {
				if err := copyTable(ctx, src, dst, t.name, t.keyed); err != nil {
					return fmt.Errorf("copying %s: %w", t.name, err)
				}
			}
			for _, kind := range []string{musicify.KindUser, musicify.KindSong, musicify.KindPlaylist} {
				if err := to.dialect.index(ctx, dst, kind, ""); err != nil {
					return err
				}
			}
			if to.dialect.name() == "postgres" {
				// Mails arrive with their numbers: the next one follows them.
				if _, err := dst.exec(ctx, `SELECT setval('outbox_mails_seq', (SELECT COALESCE(MAX(seq), 0) + 1 FROM outbox_mails), false)`); err != nil {
					return fmt.Errorf("numbering mails: %w", err)
				}
			}
			for _, t := range copyTables {
				c := TableCount{Table: t.name}
				if err := src.queryRow(ctx, `SELECT COUNT(*) FROM `+t.name).Scan(&c.From); err != nil {
					return err
				}
				if err := dst.queryRow(ctx, `SELECT COUNT(*) FROM `+t.name).Scan(&c.To); err != nil {
					return err
				}
				if c.To < c.From {
					return fmt.Errorf("the destination has %d rows of %s where the source has %d: a row of the same name or email may already be there", c.To, t.name, c.From)
				}
				counts = append(counts, c)
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return counts, to.dialect.optimize(ctx, to)
}

// copyTable copies the columns the destination has. A table without a key
// is copied only into an empty table: its rows cannot be told apart, and
// the one transaction means a first run copied all of them or none.
func copyTable(ctx context.Context, src, dst *Tx, table string, keyed bool) error {
	cols, err := columnsOf(ctx, dst, table)
	if err != nil {
		return err
	}
	if !keyed {
		var n int
		if err := dst.queryRow(ctx, `SELECT COUNT(*) FROM `+table).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
	}
	rows, err := src.query(ctx, `SELECT `+strings.Join(cols, ", ")+` FROM `+table)
	if err != nil {
		return err
	}
	defer rows.Close()
	insert, err := dst.prepare(ctx, `INSERT INTO `+table+` (`+strings.Join(cols, ", ")+`) VALUES (?`+
		strings.Repeat(", ?", len(cols)-1)+`) ON CONFLICT DO NOTHING`)
	if err != nil {
		return err
	}
	defer insert.Close()
	values := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range values {
		ptrs[i] = &values[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		if _, err := insert.ExecContext(ctx, values...); err != nil {
			return err
		}
	}
	return rows.Err()
}

// columnsOf names a table's columns, as the query returns them.
func columnsOf(ctx context.Context, q querier, table string) ([]string, error) {
	rows, err := q.query(ctx, `SELECT * FROM `+table+` WHERE 1 = 0`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return rows.Columns()
}
