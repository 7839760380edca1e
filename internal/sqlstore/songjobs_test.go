package sqlstore_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// A crash between saving a song and queueing its jobs left songs whose
// transcript stayed pending and whose loudness stayed unknown forever: the
// song and its jobs are one transaction.
func TestASongAndItsJobsAreStoredTogetherOrNotAtAll(t *testing.T) {
	// Each store, with a way to make it refuse the transcription job, as a
	// full disk would.
	for _, store := range []struct {
		name string
		open func(t *testing.T) (db *sqlstore.DB, driver, dsn, refuseJobs string)
	}{
		{"sqlite", func(t *testing.T) (*sqlstore.DB, string, string, string) {
			path := filepath.Join(t.TempDir(), "m.db")
			db := open(t, path)
			t.Cleanup(func() { db.Close() })
			return db, "sqlite", "file:" + path, `CREATE TRIGGER jobs_full BEFORE INSERT ON jobs
				WHEN NEW.kind = 'media.transcribe' BEGIN SELECT RAISE(ABORT, 'disk full'); END`
		}},
		{"postgres", func(t *testing.T) (*sqlstore.DB, string, string, string) {
			url := storetest.PostgresURL(t)
			db, err := sqlstore.OpenPostgres(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			return db, "pgx", url, `CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
				BEGIN RAISE EXCEPTION 'disk full'; END $$;
				CREATE TRIGGER jobs_full BEFORE INSERT ON jobs FOR EACH ROW
				WHEN (NEW.kind = 'media.transcribe') EXECUTE FUNCTION disk_full()`
		}},
	} {
		t.Run(store.name, func(t *testing.T) {
			db, driver, dsn, refuseJobs := store.open(t)
			songAndJobsTogether(t, db, func() {
				raw, err := sql.Open(driver, dsn)
				if err != nil {
					t.Fatal(err)
				}
				defer raw.Close()
				if _, err := raw.ExecContext(context.Background(), refuseJobs); err != nil {
					t.Fatal(err)
				}
			})
		})
	}
}

func songAndJobsTogether(t *testing.T, db *sqlstore.DB, refuseJobs func()) {
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
		refuseJobs()
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
