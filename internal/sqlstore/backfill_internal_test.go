package sqlstore

import (
	"context"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// Migration 0016 files the uploads an installation already has: each
// uploader becomes an artist, each album tag (in any case) an album, a
// song without one a single, and albums start with their songs' plays.
// The test writes songs as they were before it, then runs its backfill.
func TestTheLibraryMigrationFilesExistingUploads(t *testing.T) {
	eachDB(t, func(t *testing.T, d *DB) {
		ctx := context.Background()
		body, err := migrations.ReadFile("migrations/" + d.dialect.name() + "/0016_library.sql")
		if err != nil {
			t.Fatal(err)
		}
		const marker = "-- Uploaders become artists"
		i := strings.Index(string(body), marker)
		if i < 0 {
			t.Fatalf("0016 lost its backfill (%q)", marker)
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.db.ExecContext(ctx, d.dialect.rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		exec(`INSERT INTO users (id, username, username_key, email, password_hash, created_at)
			VALUES ('u1', 'Ann', 'ann', 'ann@example.com', 'h', 1)`)
		for _, s := range []struct {
			id, name, album string
			views           int
		}{{"s1", "One", "Harbor", 2}, {"s2", "Two", "harbor", 3}, {"s3", "Lone", "", 1}} {
			exec(`INSERT INTO songs (id, user_id, name, format, size, sha256, audio_key, tag_album, view_count, created_at)
				VALUES (?, 'u1', ?, 'mp3', 1, ?, 'k', ?, ?, 10)`, s.id, s.name, s.id, s.album, s.views)
		}
		if _, err := d.db.ExecContext(ctx, string(body[i:])); err != nil {
			t.Fatalf("the backfill: %v", err)
		}

		a, err := d.Artist(ctx, "ann")
		if err != nil || a.UserID != "u1" || a.Name != "Ann" || a.Songs != 3 || a.Albums != 2 {
			t.Fatalf("the uploader's artist: %+v, %v", a, err)
		}
		albums, err := d.Albums(ctx, musicify.AlbumQuery{Sort: musicify.AlbumsPlays})
		if err != nil || len(albums) != 2 {
			t.Fatalf("albums: %+v, %v", albums, err)
		}
		if h := albums[0]; h.Name != "Harbor" || h.Songs != 2 || h.Plays != 5 || h.ArtistID != a.ID {
			t.Errorf("the album of two tags in two cases: %+v", h)
		}
		if single := albums[1]; single.Name != "Lone" || single.Songs != 1 || single.Plays != 1 {
			t.Errorf("the single: %+v", single)
		}
		s, err := d.Song(ctx, "s3")
		if err != nil || s.Artist != "Ann" || s.ArtistID != a.ID || s.AlbumID != albums[1].ID {
			t.Errorf("a song after the backfill: %+v, %v", s, err)
		}
	})
}
