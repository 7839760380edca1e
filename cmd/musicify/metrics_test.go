package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/musicify/musicify/internal/bus"
	"github.com/musicify/musicify/internal/bus/bustest"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/testserver"
)

const testMetricsToken = "main-test-metrics-token-0123456789abcdef"

// get answers path on m with the given Authorization ("" for none).
func get(t *testing.T, m *Main, path, auth string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, m.URL+path, nil)
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

// readiness is /readyz's status code and checks.
func readiness(t *testing.T, m *Main) (int, map[string]string) {
	t.Helper()
	status, body := get(t, m, "/readyz", "")
	var r struct{ Checks map[string]string }
	if err := json.Unmarshal([]byte(body), &r); err != nil {
		t.Fatalf("/readyz = %d %q: %v", status, body, err)
	}
	return status, r.Checks
}

// waitReady waits until /readyz answers want with check's result as given.
func waitReady(t *testing.T, m *Main, want int, check, result string) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		status, checks := readiness(t, m)
		if status == want && checks[check] == result {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz = %d %v, want %d with %s %q", status, checks, want, check, result)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestReadyzOnSQLiteAndLocalMedia(t *testing.T) {
	m := startMain(t, nil)
	status, checks := readiness(t, m)
	if status != http.StatusOK || checks["database"] != "ok" || checks["storage"] != "ok" || checks["disk"] != "ok" || len(checks) != 3 {
		t.Fatalf("/readyz = %d %v, want 200 with the database, storage and disk ok (no bus in process)", status, checks)
	}
	// A disk without room says so (a full disk makes every write fail).
	if err := roomIn(t.TempDir(), 1<<62); musicify.ErrorMessage(err) != "out of space" {
		t.Errorf("a disk short of room: %v", err)
	}
	if status, _ := get(t, m, "/metrics", ""); status != http.StatusNotFound {
		t.Errorf("/metrics without MUSICIFY_METRICS_TOKEN = %d, want 404", status)
	}
}

func TestMetricsReportEveryFamilyAfterTraffic(t *testing.T) {
	broker := testserver.NATSServer(t)
	m := startMain(t, map[string]string{"MUSICIFY_METRICS_TOKEN": testMetricsToken, "MUSICIFY_PUBSUB_URL": broker.URL})
	if status, _ := get(t, m, "/api/songs/someid", ""); status != http.StatusUnauthorized {
		t.Fatalf("GET a song without a session = %d", status)
	}
	if err := m.DB.EnqueueJob(context.Background(), &musicify.Job{Kind: "analyze", Subject: "s1"}); err != nil {
		t.Fatal(err)
	}
	if status, _ := get(t, m, "/metrics", "Bearer not-the-token"); status != http.StatusUnauthorized {
		t.Fatalf("/metrics with a wrong token = %d, want 401", status)
	}
	status, body := get(t, m, "/metrics", "Bearer "+testMetricsToken)
	if status != http.StatusOK {
		t.Fatalf("/metrics = %d", status)
	}
	for _, want := range []string{
		`musicify_http_requests_total{route="GET /api/songs/{id}",status="4xx"} 1`,
		"# TYPE musicify_http_request_duration_seconds histogram",
		"# TYPE musicify_http_streams_in_flight gauge",
		`musicify_jobs{state="pending"} 1`,
		`musicify_jobs{state="failed"} 0`,
		`go_sql_max_open_connections{db_name="musicify"}`,
		"# TYPE go_goroutines gauge",
		"# TYPE process_resident_memory_bytes gauge",
		"musicify_nats_connected 1",
		`musicify_events_lag{subscriber="recommend"}`,
		"# TYPE musicify_events_head_seq gauge",
		"# TYPE musicify_nats_messages_published_total counter",
		"# TYPE musicify_nats_messages_delivered_total counter",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
}

// Every loop is started under the supervisor, whose counts /metrics shows
// from the start, and the model's size shows when it has trained.
func TestBackgroundPanicsAndTheModelAreInTheMetrics(t *testing.T) {
	library := t.TempDir()
	m := startMain(t, map[string]string{"MUSICIFY_METRICS_TOKEN": testMetricsToken, "MUSICIFY_LIBRARY_DIRS": library})
	want := []string{"musicify_recommend_model_items 0"}
	for _, worker := range []string{"radio.heartbeat", "events.follow", "jobs", "recommend.train", "library.watch", "sweep"} {
		want = append(want, fmt.Sprintf("musicify_background_panics_total{worker=%q} 0", worker))
	}
	deadline := time.Now().Add(30 * time.Second) // a guard: the loops start at once
	for {
		_, body := get(t, m, "/metrics", "Bearer "+testMetricsToken)
		var missing []string
		for _, w := range want {
			if !strings.Contains(body, w) {
				missing = append(missing, w)
			}
		}
		if len(missing) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("/metrics lacks %q", missing)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestTwoInstancesInOneProcessKeepTheirOwnMetrics(t *testing.T) {
	a := startMain(t, map[string]string{"MUSICIFY_METRICS_TOKEN": testMetricsToken})
	b := startMain(t, map[string]string{"MUSICIFY_METRICS_TOKEN": testMetricsToken})
	get(t, a, "/api/time", "")
	_, body := get(t, b, "/metrics", "Bearer "+testMetricsToken)
	if strings.Contains(body, `route="GET /api/time"`) {
		t.Error("b reports a request a answered: the instances share a registry")
	}
}

// A broker outage made every instance unready at once, although each kept
// serving (its events from the event log): the documented health check would
// have taken the whole cluster out. It shows in /metrics instead.
func TestANATSOutageLeavesTheInstanceReady(t *testing.T) {
	broker := testserver.OwnNATSServer(t)
	m := startMain(t, map[string]string{"MUSICIFY_PUBSUB_URL": broker.URL, "MUSICIFY_METRICS_TOKEN": testMetricsToken})
	connected := func(want string) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for {
			if _, body := get(t, m, "/metrics", "Bearer "+testMetricsToken); strings.Contains(body, "musicify_nats_connected "+want) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("musicify_nats_connected never became %s", want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	connected("1")
	broker.Kill(t)
	connected("0")
	if status, checks := readiness(t, m); status != http.StatusOK || checks["bus"] != "" {
		t.Errorf("with the broker down: /readyz %d %v", status, checks)
	}
	broker.Resume(t)
	connected("1")
}

func TestEventLagIsHeadMinusWhatEachSubscriberApplied(t *testing.T) {
	log := &bustest.Log{}
	for range 5 {
		log.Append(musicify.Event{Type: musicify.EventLiked})
	}
	f := bus.NewFollower(log, 0, func(context.Context, musicify.Event) error { return nil })
	if err := f.Handle(context.Background(), musicify.Event{Seq: 3, Type: musicify.EventLiked}); err != nil {
		t.Fatal(err) // applies 1 and 2 from the log, then 3
	}
	followers := []follower{{"search", f.Last}}
	c := &eventsCollector{head: log.LastEventSeq, followers: &followers}
	want := `
# HELP musicify_events_applied_seq Sequence number of the last event a subscriber of this instance applied.
# TYPE musicify_events_applied_seq gauge
musicify_events_applied_seq{subscriber="search"} 3
# HELP musicify_events_head_seq Sequence number of the newest event in the event log.
# TYPE musicify_events_head_seq gauge
musicify_events_head_seq 5
# HELP musicify_events_lag Events in the event log a subscriber of this instance has not applied yet.
# TYPE musicify_events_lag gauge
musicify_events_lag{subscriber="search"} 2
`
	if err := testutil.CollectAndCompare(c, strings.NewReader(want)); err != nil {
		t.Error(err)
	}
}

func TestReadyzNamesStorageWhenTheBucketIsGone(t *testing.T) {
	srv := testserver.S3(t)
	bucket := srv.Bucket(t)
	t.Setenv("AWS_ACCESS_KEY_ID", srv.AccessKey)
	t.Setenv("AWS_SECRET_ACCESS_KEY", srv.SecretKey)
	t.Setenv("AWS_SESSION_TOKEN", "")
	m := startMain(t, map[string]string{"MUSICIFY_STORAGE_URL": fmt.Sprintf("s3://%s?endpoint=%s&region=%s&path_style=true", bucket, srv.Endpoint, srv.Region)})
	if status, checks := readiness(t, m); status != http.StatusOK || checks["storage"] != "ok" {
		t.Fatalf("/readyz on S3 = %d %v", status, checks)
	}

	admin, err := minio.New(strings.TrimPrefix(srv.Endpoint, "http://"), &minio.Options{
		Creds: credentials.NewStaticV4(srv.AccessKey, srv.SecretKey, ""), Region: srv.Region})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := admin.RemoveObject(ctx, bucket, musicify.DeploymentKey, minio.RemoveObjectOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := admin.RemoveBucket(ctx, bucket); err != nil {
		t.Fatal(err)
	}
	defer func() { // for the bucket's own clean-up
		if err := admin.MakeBucket(ctx, bucket, minio.MakeBucketOptions{Region: srv.Region}); err != nil {
			t.Error(err)
		}
	}()
	waitReady(t, m, http.StatusServiceUnavailable, "storage", "not answering") // once the last answer is a second old
	if _, checks := readiness(t, m); checks["database"] != "ok" {
		t.Errorf("with only the bucket gone, checks = %v", checks)
	}
	if _, body := get(t, m, "/readyz", ""); strings.Contains(body, bucket) {
		t.Errorf("/readyz names the bucket: %s", body)
	}
}

// An instance that listens but could not serve says so at start, not that
// it is ready.
func TestReadyIsLoggedOnlyWhenTheInstanceIsReady(t *testing.T) {
	var logs bytes.Buffer
	var mu sync.Mutex
	m := startMain(t, nil, func(m *Main) {
		m.Logger = slog.New(slog.NewTextHandler(lockedWriter{&mu, &logs}, nil))
		m.MinFreeDisk = 1 << 62 // no disk has this much room
	})
	if status, checks := readiness(t, m); status != http.StatusServiceUnavailable || checks["disk"] == "ok" {
		t.Fatalf("/readyz with the disk full: %d %v", status, checks)
	}
	mu.Lock()
	log := logs.String()
	mu.Unlock()
	if strings.Contains(log, "musicify is ready") || !strings.Contains(log, "musicify is listening but not ready") {
		t.Fatalf("the start's log:\n%s", log)
	}
}
