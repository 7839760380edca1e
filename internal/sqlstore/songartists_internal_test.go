package sqlstore

import (
	"context"
	"strings"
	"testing"
)

// Migration 0028 credits the songs already there: after an upgrade each
// keeps its artist and album artist, and a library file whose shown artist
// is more than its artist is read again by the next scan.
func TestTheSongArtistsMigrationCreditsExistingSongs(t *testing.T) {
	eachDB(t, func(t *testing.T, d *DB) {
		ctx := context.Background()
		body, err := migrations.ReadFile("migrations/" + d.dialect.name() + "/0028_song_artists.sql")
		if err != nil {
			t.Fatal(err)
		}
		const marker = "-- The songs already there"
		i := strings.Index(string(body), marker)
		if i < 0 {
			t.Fatalf("0028 lost its backfill (%q)", marker)
		}
		exec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.db.ExecContext(ctx, d.dialect.rebind(q), args...); err != nil {
				t.Fatal(err)
			}
		}
		exec(`INSERT INTO users (id, username, username_key, email, password_hash, created_at)
			VALUES ('u1', 'Ann', 'ann', 'ann@example.com', 'h', 1)`)
		exec(`INSERT INTO artists (id, name, name_key, user_id, created_at) VALUES ('a1', 'Ann', 'ann', 'u1', 1)`)
		exec(`INSERT INTO artists (id, name, name_key, created_at) VALUES ('a2', 'Neon', 'neon', 1), ('va', 'Various Artists', 'various artists', 1)`)
		exec(`INSERT INTO albums (id, name, name_key, artist_id, created_at) VALUES ('al1', 'One', 'one', 'a1', 1), ('al2', 'Mix', 'mix', 'va', 1)`)
		exec(`INSERT INTO songs (id, user_id, name, format, size, sha256, audio_key, artist_name, artist_id, album_id, created_at)
			VALUES ('s1', 'u1', 'One', 'mp3', 1, 's1', 'k', 'Ann', 'a1', 'al1', 10)`)
		exec(`INSERT INTO songs (id, user_id, name, format, size, sha256, audio_key, artist_name, artist_id, album_id,
			library_path, file_mtime, created_at)
			VALUES ('s2', 'library', 'Duet', 'flac', 1, 's2', 'lib/f/d.flac', 'Neon feat. Bo', 'a2', 'al2', 'f/d.flac', 99, 10),
			('s3', 'library', 'Solo', 'flac', 1, 's3', 'lib/f/s.flac', 'Neon', 'a2', 'al2', 'f/s.flac', 99, 10)`)
		exec(`DELETE FROM song_artists`) // as before the migration
		if _, err := d.db.ExecContext(ctx, string(body[i:])); err != nil {
			t.Fatalf("the backfill: %v", err)
		}
		for id, want := range map[string]string{"s1": "artist:Ann albumartist:Ann ", "s2": "artist:Neon albumartist:Various Artists "} {
			s, err := d.Song(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			for _, a := range s.Artists {
				got += a.Role + ":" + a.Name + " "
			}
			if got != want {
				t.Errorf("%s credits %q, want %q", id, got, want)
			}
		}
		var mtime2, mtime3 int64
		if err := d.db.QueryRowContext(ctx, `SELECT (SELECT file_mtime FROM songs WHERE id = 's2'), (SELECT file_mtime FROM songs WHERE id = 's3')`).Scan(&mtime2, &mtime3); err != nil {
			t.Fatal(err)
		}
		if mtime2 != 0 || mtime3 != 99 {
			t.Errorf("file times %d, %d: want the featuring one to be read again, the other not", mtime2, mtime3)
		}
		if a, err := d.Artist(ctx, "Neon"); err != nil || a.Songs != 2 {
			t.Errorf("Neon = %+v, %v", a, err)
		}
	})
}
