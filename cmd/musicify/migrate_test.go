package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/config"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/testserver"
)

// Moving up: `musicify migrate --to-database` copies the SQLite
// installation into PostgreSQL, says what it copied, and can run again.
func TestMigrateMovesTheInstallationToPostgreSQL(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src, err := sqlstore.OpenSQLite(ctx, filepath.Join(dir, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	ann := &musicify.User{Username: "ann", Email: "ann@example.com", PasswordHash: "h"}
	if err := src.CreateUser(ctx, ann); err != nil {
		t.Fatal(err)
	}
	if err := src.CreateSong(ctx, &musicify.Song{ID: "s1", Name: "Midnight Harbour", UserID: ann.ID, Format: "mp3", SHA256: "x", AudioKey: "songs/s1"}); err != nil {
		t.Fatal(err)
	}
	src.Close()
	cfg, err := config.Load(func(k string) string { return map[string]string{"MUSICIFY_DATA_DIR": dir}[k] })
	if err != nil {
		t.Fatal(err)
	}
	url := testserver.Postgres(t)
	for run := range 2 {
		var out bytes.Buffer
		if err := migrate(ctx, cfg, url, &out); err != nil {
			t.Fatalf("run %d: %v", run+1, err)
		}
		if !strings.Contains(out.String(), "songs                     1          1") {
			t.Fatalf("run %d said:\n%s", run+1, out.String())
		}
	}
	dst, err := sqlstore.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	if hits, err := dst.Search(ctx, musicify.KindSong, musicify.Query{{{Word: "harbour"}}}, 10); err != nil || len(hits) != 1 {
		t.Errorf("the moved song is not found: %+v, %v", hits, err)
	}

	for _, tc := range []struct{ to, dir, want string }{
		{"sqlite:///tmp/x.db", dir, "--to-database must be a postgres:// URL"},
		{url, t.TempDir(), "no SQLite database to move"},
	} {
		cfg, _ := config.Load(func(k string) string { return map[string]string{"MUSICIFY_DATA_DIR": tc.dir}[k] })
		if err := migrate(ctx, cfg, tc.to, &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("migrate to %s from %s = %v, want %q", tc.to, tc.dir, err, tc.want)
		}
	}
	if code := run([]string{"migrate"}); code != 2 {
		t.Errorf("migrate without a destination exit %d, want 2", code)
	}
}
