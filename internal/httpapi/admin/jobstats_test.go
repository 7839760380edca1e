package admin

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// The admin's view of background work: counts by kind and priority, and
// the totals, from the real store. (The route and its admin check are
// wired where the admin API is.)
func TestJobStatsShowBackgroundWork(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		now := time.UnixMilli(1_700_000_000_000)
		for _, j := range []*musicify.Job{
			{Kind: "media.analyze", Priority: musicify.JobBulk, RunAt: now},
			{Kind: "media.analyze", Priority: musicify.JobBulk, RunAt: now},
			{Kind: "media.analyze", RunAt: now.Add(-time.Second)},
		} {
			if err := db.EnqueueJob(ctx, j); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.ClaimJob(ctx, now, now.Add(time.Minute)); err != nil { // the upload's
			t.Fatal(err)
		}
		s := &API{JobStats: db, P: &platform.Platform{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}}
		rec := httptest.NewRecorder()
		s.P.Serve(s.handleJobStats)(rec, httptest.NewRequest("GET", "/api/admin/jobs", nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("status %d: %s", rec.Code, rec.Body)
		}
		var got jobStatsView
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		want := jobStatsView{Pending: 2, Running: 1, Jobs: []jobStatView{
			{Kind: "media.analyze", Priority: 0, Class: "interactive", Running: 1},
			{Kind: "media.analyze", Priority: 10, Class: "bulk", Pending: 2},
		}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("GET /api/admin/jobs = %+v, want %+v", got, want)
		}
	})
	// Without a store: a clear 503, not a 500.
	rec := httptest.NewRecorder()
	bare := &API{P: &platform.Platform{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}}
	bare.P.Serve(bare.handleJobStats)(rec, httptest.NewRequest("GET", "/api/admin/jobs", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("without a store: %d %s", rec.Code, rec.Body)
	}
}
