package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/testserver"
)

// Two instances on one PostgreSQL, S3 bucket and NATS, as an operator runs
// them, through what goes wrong: an instance killed right after an upload,
// one restarted after a logout, the broker down, the same offline write
// sent to both, and instances started with the wrong settings. Nothing
// acknowledged is lost, nothing ended comes back, nothing counts twice,
// and a misconfigured instance refuses to start without touching a file.
func TestAClusterKeepsItsPromisesWhenInstancesFailOrAreSetUpWrong(t *testing.T) {
	ctx := context.Background()
	dbURL := testserver.Postgres(t)
	srv := testserver.S3(t)
	bucket := srv.Bucket(t)
	broker := testserver.OwnNATSServer(t)
	storage := fmt.Sprintf("MUSICIFY_STORAGE_URL=s3://%s?endpoint=%s&region=%s&path_style=true", bucket, srv.Endpoint, srv.Region)
	aws := []string{"AWS_ACCESS_KEY_ID=" + srv.AccessKey, "AWS_SECRET_ACCESS_KEY=" + srv.SecretKey, "AWS_SESSION_TOKEN="}
	cluster := append([]string{"MUSICIFY_DATABASE_URL=" + dbURL, storage, "MUSICIFY_PUBSUB_URL=" + broker.URL}, aws...)

	db, err := sqlstore.OpenPostgres(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	hash, _ := auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}.Hash("secret1")
	if err := db.CreateUser(ctx, &musicify.User{Username: "crash", Email: "crash@example.com", PasswordHash: hash}); err != nil {
		t.Fatal(err)
	}
	dirA, dirB := t.TempDir(), t.TempDir()
	a := startBinary(t, dirA, cluster...)
	b := startBinary(t, dirB, cluster...)

	// 1. An upload acknowledged by A, then A killed: B finishes its work.
	song := login(t, a.URL).upload(t, "Tune", "tune-12s.mp3")
	a.kill()
	waitFor(t, "B to finish the jobs of the song A took before it died", func() (bool, string) { return analysed(t, db) })
	onB := login(t, b.URL)
	var detail struct{ Audio string }
	getJSON(t, onB.http, b.URL, "/api/songs/"+song, &detail)
	if status := fetch(t, b.URL+detail.Audio); status != http.StatusPartialContent {
		t.Fatalf("the song uploaded to the dead instance, from B: %d", status)
	}

	// 2. A logout on B, then A started again: the ended URL stays ended on
	// both, the other session's still plays.
	signed := func(c *crashClient) string {
		var s struct{ Audio string }
		getJSON(t, c.http, c.url, "/api/songs/"+song, &s)
		return s.Audio
	}
	leaving, staying := login(t, b.URL), login(t, b.URL)
	ended, kept := signed(leaving), signed(staying)
	post(t, leaving.http, b.URL+"/api/auth/logout", "{}")
	a = startBinary(t, dirA, cluster...)
	for _, p := range []*proc{a, b} {
		if status := fetch(t, p.URL+ended); status != http.StatusForbidden {
			t.Errorf("a URL ended by a logout on B, on %s after A's restart: %d, want 403", p.URL, status)
		}
		if status := fetch(t, p.URL+kept); status != http.StatusPartialContent {
			t.Errorf("a live session's URL on %s: %d", p.URL, status)
		}
	}

	// 3. The broker down: both instances still ready, and an offline
	// listen sent to A and again to B (its answer lost) counts once.
	broker.Kill(t)
	for _, p := range []*proc{a, b} {
		if status, checks := readyzOf(t, p.URL); status != http.StatusOK {
			t.Errorf("/readyz on %s with NATS down: %d %v", p.URL, status, checks)
		}
	}
	listen := func(p *proc) int {
		c := login(t, p.URL)
		req, _ := http.NewRequest(http.MethodPost, p.URL+"/api/view/increase", strings.NewReader(`{"song":"`+song+`"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Idempotency-Key", "offline-listen-1")
		res, err := c.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if sa, sb := listen(a), listen(b); sa != 200 || sb != 200 {
		t.Fatalf("the offline listen on A: %d, again on B: %d", sa, sb)
	}
	if s, err := db.Song(ctx, song); err != nil || s.Count != 1 {
		t.Fatalf("one offline listen sent twice counted %d times (%v)", s.Count, err)
	}
	broker.Resume(t)

	// 4. Instances set up wrong refuse to start and change nothing stored.
	store, err := blob.NewS3(ctx, blob.S3Options{Bucket: bucket, Endpoint: srv.Endpoint, Region: srv.Region, PathStyle: true,
		AccessKey: srv.AccessKey, SecretKey: srv.SecretKey})
	if err != nil {
		t.Fatal(err)
	}
	// A and B run on meanwhile, and their trainer may save the recommender's
	// model under recommend/ at any moment (under load, during this step):
	// what a refused instance must not touch is everything else.
	objects := func() []string {
		var keys []string
		if err := store.List(ctx, func(key string, _ int64, _ time.Time) error {
			if !strings.HasPrefix(key, "recommend/") {
				keys = append(keys, key)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return keys
	}
	before := objects()
	for _, wrong := range []struct {
		name, want string
		env        []string
	}{
		{"a fresh SQLite with the demo, on the cluster's bucket", "MUSICIFY_STORAGE_URL holds the media of the Musicify installation",
			append([]string{storage, "MUSICIFY_DEMO=true"}, aws...)},
		{"the cluster's database without MUSICIFY_STORAGE_URL", "MUSICIFY_STORAGE_URL holds none of this database's media",
			[]string{"MUSICIFY_DATABASE_URL=" + dbURL}},
	} {
		if last := refused(t, t.TempDir(), wrong.env...); !strings.HasPrefix(last, "musicify: cannot start: "+wrong.want) {
			t.Errorf("%s: %q", wrong.name, last)
		}
	}
	if after := objects(); !slices.Equal(after, before) {
		t.Fatalf("a refused instance changed the bucket: %v, was %v", after, before)
	}

	// 5. A graceful stop of B leaves the cluster whole: A serves the song.
	if err := b.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-b.done
	_, stopping, found := strings.Cut(b.log(), "shutting down")
	if !found || !strings.Contains(stopping, `msg=stopped`) {
		t.Errorf("B did not stop gracefully:\n%s", b.log())
	} else if strings.Contains(stopping, "level=ERROR") || strings.Contains(stopping, "level=WARN") {
		t.Errorf("warnings in B's graceful stop:\n%s", stopping)
	}
	if status := fetch(t, a.URL+kept); status != http.StatusPartialContent {
		t.Fatalf("the song from A after B stopped: %d", status)
	}
}

// readyzOf is an instance's /readyz status and answer.
func readyzOf(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}
