package sqlstore_test

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/testserver"
)

// Ten instances starting at once on a fresh database: without the
// advisory lock, they raced to create the same tables and failed.
func TestInstancesStartingAtOnceMigrateOnce(t *testing.T) {
	url := testserver.Postgres(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 10)
	for range 10 {
		wg.Go(func() {
			db, err := sqlstore.OpenPostgres(ctx, url)
			if err == nil {
				db.Close()
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("an instance failed to start: %v", err)
		}
	}
	raw, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	var rows, versions int
	if err := raw.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(DISTINCT version) FROM schema_migrations`).Scan(&rows, &versions); err != nil {
		t.Fatal(err)
	}
	if rows != versions || rows < 11 {
		t.Fatalf("%d migration rows for %d versions", rows, versions)
	}
}

// Workers on several instances claim from one table: each job must be
// taken exactly once however many claim at the same moment.
func TestParallelClaimersNeverTakeTheSameJob(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		now := time.Now()
		const jobs = 60
		for range jobs {
			if err := db.EnqueueJob(ctx, &musicify.Job{Kind: "k", RunAt: now}); err != nil {
				t.Fatal(err)
			}
		}
		var mu sync.Mutex
		taken := map[string]int{}
		var wg sync.WaitGroup
		for range 8 {
			wg.Go(func() {
				for {
					j, err := db.ClaimJob(ctx, now, now.Add(time.Hour))
					if musicify.ErrorCode(err) == musicify.ENOTFOUND {
						return
					} else if err != nil {
						t.Error(err)
						return
					}
					mu.Lock()
					taken[j.ID]++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(taken) != jobs {
			t.Errorf("%d of %d jobs were claimed", len(taken), jobs)
		}
		for id, n := range taken {
			if n != 1 {
				t.Errorf("job %s was claimed %d times", id, n)
			}
		}
	})
}

// Indexing an import wrote one document per statement, and each statement
// moved the search version: a transaction updating one row 100,000 times
// slows with every update, and the benchmark's import took minutes. The
// documents now go many to a statement, and all of them are searchable.
func TestAnImportIndexesManyDocumentsToAStatement(t *testing.T) {
	db, err := sqlstore.OpenPostgres(context.Background(), testserver.Postgres(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	u := &musicify.User{ID: "u1", Username: "ann", Email: "ann@example.com"}
	var songs []*musicify.Song
	for i := range 1200 {
		id := fmt.Sprintf("s%04d", i)
		songs = append(songs, &musicify.Song{ID: id, Name: "Harbour " + id, UserID: "u1", Format: "mp3", SHA256: id, AudioKey: id})
	}
	before, err := db.Version(ctx, musicify.KindSong)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Import(ctx, []*musicify.User{u}, songs, nil); err != nil {
		t.Fatal(err)
	}
	after, err := db.Version(ctx, musicify.KindSong)
	if err != nil {
		t.Fatal(err)
	}
	// Each statement moves it twice: its insert and its update (ON CONFLICT).
	if moves := after - before; moves > 6 {
		t.Errorf("indexing 1,200 songs moved the search version %d times, want at most 6 (3 statements)", moves)
	}
	for _, id := range []string{"s0000", "s0700", "s1199"} {
		hits, err := db.Search(ctx, musicify.KindSong, musicify.Query{{{Word: id}}}, 10)
		if err != nil || len(hits) != 1 || hits[0].ID != id {
			t.Errorf("search for %s after import: %+v, %v", id, hits, err)
		}
	}
}

// Right after an import the GIN indexes hold their new entries in pending
// lists that every search reads whole, and the planner has no statistics:
// the import vacuums and analyzes what it wrote.
func TestAnImportLeavesTheSearchIndexVacuumedAndAnalyzed(t *testing.T) {
	url := testserver.Postgres(t)
	ctx := context.Background()
	db, err := sqlstore.OpenPostgres(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u := &musicify.User{ID: "u1", Username: "ann", Email: "ann@example.com"}
	s := &musicify.Song{ID: "s1", Name: "Harbour Lights", UserID: "u1", Format: "mp3", SHA256: "x", AudioKey: "k"}
	if err := db.Import(ctx, []*musicify.User{u}, []*musicify.Song{s}, nil); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, table := range []string{"songs_search", "users_search", "songs", "listens"} {
		var vacuumed, analyzed bool
		if err := raw.QueryRowContext(ctx, `SELECT last_vacuum IS NOT NULL, last_analyze IS NOT NULL
			FROM pg_stat_user_tables WHERE relname = $1`, table).Scan(&vacuumed, &analyzed); err != nil {
			t.Fatal(err)
		}
		if !vacuumed || !analyzed {
			t.Errorf("%s after an import: vacuumed %v, analyzed %v", table, vacuumed, analyzed)
		}
	}
}
