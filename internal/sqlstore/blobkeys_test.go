package sqlstore

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// The orphan sweeper deletes every media file no column names: a column
// that names blobs and is missing from blobColumns would lose files.
func TestEveryBlobColumnIsKnown(t *testing.T) {
	eachDB(t, func(t *testing.T, d *DB) {
		query := `SELECT table_name AS t, column_name AS col FROM information_schema.columns WHERE table_schema = 'public'`
		if d.dialect.name() == "sqlite" {
			query = `SELECT m.name AS t, p.name AS col FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'`
		}
		blobColumnsAreKnown(t, d, `SELECT t, col FROM (`+query+`) c
			WHERE col LIKE '%key%' OR col LIKE '%path%' OR col LIKE '%file%'`)
	})
}

// blobColumnsAreKnown checks the columns columnsQuery lists (table, column)
// against blobColumns, and that BlobKeys finds a song's files.
func blobColumnsAreKnown(t *testing.T, d *DB, columnsQuery string) {
	ctx := context.Background()
	notBlobs := []string{"users.username_key", "playlists.name_key", // lower-cased names
		"artists.name_key", "albums.name_key", "song_genres.genre_key",
		"songs.file_mtime", "songs.library_path", "library_folders.path", // files of the library folders, not blobs
		"app_passwords.name_key", "app_passwords.api_key_hash"}
	var known []string
	for _, c := range blobColumns {
		known = append(known, c.table+"."+c.column)
	}
	rows, err := d.db.QueryContext(ctx, columnsQuery)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var table, column string
		if err := rows.Scan(&table, &column); err != nil {
			t.Fatal(err)
		}
		if name := table + "." + column; !slices.Contains(known, name) && !slices.Contains(notBlobs, name) {
			t.Errorf("%s may name blobs: add it to blobColumns, or to notBlobs here if it does not", name)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}

	u := &musicify.User{Username: "ann", Email: "ann@example.com"}
	if err := d.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	if err := d.CreateSong(ctx, &musicify.Song{ID: "s", Name: "S", UserID: u.ID, Format: "mp3", SHA256: "x",
		AudioKey: "songs/s/original.mp3", CoverKey: "covers/c"}); err != nil {
		t.Fatal(err)
	}
	keys, err := d.BlobKeys(ctx)
	slices.Sort(keys)
	if err != nil || strings.Join(keys, " ") != "covers/c songs/s/original.mp3" {
		t.Fatalf("BlobKeys = %v, %v", keys, err)
	}
}
