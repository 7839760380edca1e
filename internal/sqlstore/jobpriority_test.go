package sqlstore_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

var jobT0 = time.UnixMilli(1_700_000_000_000).UTC()

func enqueue(t *testing.T, db *sqlstore.DB, j *musicify.Job) *musicify.Job {
	t.Helper()
	if err := db.EnqueueJob(context.Background(), j); err != nil {
		t.Fatal(err)
	}
	return j
}

func claim(t *testing.T, db *sqlstore.DB, now time.Time) *musicify.Job {
	t.Helper()
	j, err := db.ClaimJob(context.Background(), now, now.Add(time.Minute))
	if err != nil {
		t.Fatalf("claiming at %s: %v", now, err)
	}
	return j
}

// A library import queues thousands of jobs; a song uploaded after them
// must not wait for all of them: of the due jobs, interactive ones go
// first, then each priority in the order it fell due.
func TestInteractiveJobsAreClaimedBeforeEarlierBulkJobs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		var bulk []string
		for i := range 3 {
			bulk = append(bulk, enqueue(t, db, &musicify.Job{Kind: "media.analyze", Subject: fmt.Sprint("lib", i),
				Priority: musicify.JobBulk, RunAt: jobT0.Add(time.Duration(i) * time.Second)}).ID)
		}
		upload := enqueue(t, db, &musicify.Job{Kind: "media.analyze", Subject: "up", RunAt: jobT0.Add(10 * time.Second)})
		later := enqueue(t, db, &musicify.Job{Kind: "media.analyze", Subject: "retry", RunAt: jobT0.Add(time.Hour)})

		now := jobT0.Add(20 * time.Second)
		got := []string{}
		for range 4 {
			j := claim(t, db, now)
			if j.State != musicify.JobRunning {
				t.Errorf("claimed job %s is %s", j.ID, j.State)
			}
			got = append(got, j.ID)
			if err := db.FinishJob(context.Background(), j.ID, now); err != nil {
				t.Fatal(err)
			}
		}
		if want := append([]string{upload.ID}, bulk...); !reflect.DeepEqual(got, want) {
			t.Errorf("claimed %v, want the upload and then the bulk jobs in order %v", got, want)
		}
		// An interactive job not yet due does not jump the queue.
		if _, err := db.ClaimJob(context.Background(), now, now.Add(time.Minute)); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("with only a job due in an hour: %v, want ENOTFOUND", err)
		}
		if j := claim(t, db, jobT0.Add(time.Hour)); j.ID != later.ID {
			t.Errorf("claimed %s, want %s", j.ID, later.ID)
		}
	})
}

// A bulk job stays bulk when it is retried, when its worker died and its
// lease runs out, when it is stored with its song, and when the database
// moves; a lapsed bulk job still goes after a due interactive one.
func TestJobsKeepTheirPriority(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		j := enqueue(t, db, &musicify.Job{Kind: "media.analyze", Subject: "lib", Priority: musicify.JobBulk, RunAt: jobT0})
		if c := claim(t, db, jobT0); c.ID != j.ID || c.Priority != musicify.JobBulk {
			t.Fatalf("claimed %+v, want the bulk job", c)
		}
		retry := jobT0.Add(time.Minute)
		if err := db.RetryJob(ctx, j.ID, "ffmpeg crashed", &retry, jobT0); err != nil {
			t.Fatal(err)
		}
		if c := claim(t, db, retry); c.ID != j.ID || c.Priority != musicify.JobBulk || c.Attempts != 2 {
			t.Fatalf("retried: %+v, want the bulk job's second attempt", c)
		}
		// Its worker dies: the lease (a minute) lapses while an upload waits.
		upload := enqueue(t, db, &musicify.Job{Kind: "media.analyze", Subject: "up", RunAt: retry})
		lapsed := retry.Add(2 * time.Minute)
		if c := claim(t, db, lapsed); c.ID != upload.ID {
			t.Errorf("claimed %+v, want the upload before the lapsed bulk job", c)
		}
		if c := claim(t, db, lapsed); c.ID != j.ID || c.Priority != musicify.JobBulk || c.Attempts != 3 {
			t.Errorf("after its lease lapsed: %+v, want the bulk job's third attempt", c)
		}

		if err := db.CreateSong(ctx, &musicify.Song{ID: "s1", Name: "Tide", UserID: musicify.LibraryUserID, Format: "mp3", Size: 1, SHA256: "s1", AudioKey: "songs/s1"},
			&musicify.Job{Kind: "media.analyze", Subject: "s1", Priority: musicify.JobBulk}); err != nil {
			t.Fatal(err)
		}
		js, err := db.JobsFor(ctx, "s1")
		if err != nil || len(js) != 1 || js[0].Priority != musicify.JobBulk {
			t.Errorf("JobsFor(s1) = %+v, %v; want one bulk job", js, err)
		}
	})
}

func TestCopyKeepsJobPriorities(t *testing.T) {
	ctx := context.Background()
	from := open(t, filepath.Join(t.TempDir(), "m.db"))
	defer from.Close()
	enqueue(t, from, &musicify.Job{Kind: "media.analyze", Subject: "lib", Priority: musicify.JobBulk, RunAt: jobT0})
	enqueue(t, from, &musicify.Job{Kind: "media.analyze", Subject: "up", RunAt: jobT0})
	to := storetest.Postgres(t)
	if _, err := sqlstore.Copy(ctx, from, to); err != nil {
		t.Fatal(err)
	}
	for subject, want := range map[string]int{"lib": musicify.JobBulk, "up": musicify.JobInteractive} {
		js, err := to.JobsFor(ctx, subject)
		if err != nil || len(js) != 1 || js[0].Priority != want {
			t.Errorf("copied jobs of %s: %+v, %v; want priority %d", subject, js, err, want)
		}
	}
}

// Claimers at once over mixed priorities, some leases lapsed: each job is
// taken exactly once (PostgreSQL locks the picks and skips locked rows).
func TestParallelClaimersOverPrioritiesTakeEachJobOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		const jobs = 80
		for i := range jobs {
			enqueue(t, db, &musicify.Job{Kind: "k", Priority: musicify.JobBulk * (i % 2), RunAt: jobT0.Add(time.Duration(i%7) * time.Second)})
		}
		for range 10 { // claimed by a worker that died; taken again once the minute's lease is over
			claim(t, db, jobT0.Add(10*time.Second))
		}
		now := jobT0.Add(5 * time.Minute)
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

// The admin page's counts: by kind and priority, interactive first, done
// jobs left out.
func TestJobStatsCountByKindAndPriority(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		if stats, err := db.JobStats(ctx); err != nil || len(stats) != 0 {
			t.Fatalf("no jobs: %+v, %v", stats, err)
		}
		for range 4 {
			enqueue(t, db, &musicify.Job{Kind: "media.analyze", Priority: musicify.JobBulk, RunAt: jobT0})
		}
		enqueue(t, db, &musicify.Job{Kind: "media.transcribe", Priority: musicify.JobBulk, RunAt: jobT0.Add(time.Hour)})
		enqueue(t, db, &musicify.Job{Kind: "media.analyze", RunAt: jobT0.Add(-time.Second)})
		enqueue(t, db, &musicify.Job{Kind: "media.transcribe", RunAt: jobT0})
		up := claim(t, db, jobT0) // the interactive analysis
		if err := db.FinishJob(ctx, up.ID, jobT0); err != nil {
			t.Fatal(err)
		}
		claim(t, db, jobT0) // the interactive transcription, left running
		failed := claim(t, db, jobT0)
		if err := db.RetryJob(ctx, failed.ID, "not audio", nil, jobT0); err != nil {
			t.Fatal(err)
		}
		claim(t, db, jobT0) // a bulk analysis, running
		got, err := db.JobStats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := []musicify.JobStat{
			{Kind: "media.transcribe", Priority: musicify.JobInteractive, Running: 1},
			{Kind: "media.analyze", Priority: musicify.JobBulk, Pending: 2, Running: 1, Failed: 1},
			{Kind: "media.transcribe", Priority: musicify.JobBulk, Pending: 1},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("JobStats =\n%+v\nwant\n%+v", got, want)
		}
	})
}
