package sqlstore_test

import (
	"context"
	"maps"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// The metrics' job gauges count what waits, runs and failed, and no done job.
func TestJobCountsCountEachStateButDone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		now := time.UnixMilli(1_700_000_000_000).UTC()
		for range 5 {
			if err := db.EnqueueJob(ctx, &musicify.Job{Kind: "analyze", Subject: "s", RunAt: now}); err != nil {
				t.Fatal(err)
			}
		}
		claim := func() *musicify.Job {
			j, err := db.ClaimJob(ctx, now, now.Add(time.Minute))
			if err != nil {
				t.Fatal(err)
			}
			return j
		}
		if err := db.FinishJob(ctx, claim().ID, now); err != nil {
			t.Fatal(err)
		}
		if err := db.RetryJob(ctx, claim().ID, "broken", nil, now); err != nil {
			t.Fatal(err)
		}
		claim() // left running
		got, err := db.JobCounts(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := map[string]int{"pending": 2, "running": 1, "failed": 1}; !maps.Equal(got, want) {
			t.Errorf("JobCounts = %v, want %v", got, want)
		}
	})
}
