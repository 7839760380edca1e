package sqlstore_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// A crash between saving a song and queueing its jobs left songs whose
// transcript stayed pending and whose loudness stayed unknown forever: the
// song and its jobs are one transaction.
func TestASongAndItsJobsAreStoredTogetherOrNotAtAll(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	db := open(t, path)
	defer db.Close()
	ctx := context.Background()
	u := &musicify.User{Username: "ann", Email: "ann@example.com"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	song := func(id string) *musicify.Song {
		return &musicify.Song{ID: id, Name: id, UserID: u.ID, Format: "mp3", Size: 1, SHA256: id, AudioKey: "songs/" + id + "/original.mp3"}
	}
	jobsOf := func(id string) []*musicify.Job {
		return []*musicify.Job{{Kind: "media.analyze", Subject: id}, {Kind: "media.transcribe", Subject: id}}
	}

	t.Run("both are stored", func(t *testing.T) {
		if err := db.CreateSong(ctx, song("kept"), jobsOf("kept")...); err != nil {
			t.Fatal(err)
		}
		js, err := db.JobsFor(ctx, "kept")
		if err != nil || len(js) != 2 || js[0].State != musicify.JobPending {
			t.Fatalf("jobs of the new song: %+v, %v", js, err)
		}
	})

	t.Run("a job that cannot be stored takes the song with it", func(t *testing.T) {
		raw, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		defer raw.Close()
		if _, err := raw.ExecContext(ctx, `CREATE TRIGGER jobs_full BEFORE INSERT ON jobs
			WHEN NEW.kind = 'media.transcribe' BEGIN SELECT RAISE(ABORT, 'disk full'); END`); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateSong(ctx, song("lost"), jobsOf("lost")...); err == nil {
			t.Fatal("the song was stored although its job was not")
		}
		if _, err := db.Song(ctx, "lost"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("a song without its jobs is left: %v", err)
		}
		if js, _ := db.JobsFor(ctx, "lost"); len(js) != 0 {
			t.Errorf("jobs without their song are left: %+v", js)
		}
	})
}
