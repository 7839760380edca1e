package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/demo"
	"github.com/musicify/musicify/internal/demo/synth"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/testserver"
)

// The real `musicify serve` on an empty PostgreSQL database: it migrates,
// seeds the demo catalog, answers /healthz, and a second start finds the
// catalog complete instead of seeding it again.
func TestServeOnPostgreSQLSeedsTheDemoCatalog(t *testing.T) {
	url := testserver.Postgres(t)
	env := []string{"MUSICIFY_DEMO=true", "MUSICIFY_DATABASE_URL=" + url}
	dir := t.TempDir()
	p := startBinary(t, dir, env...)
	p.waitLog(t, "demo catalog seeded")
	health := func(p *proc) map[string]string {
		t.Helper()
		res, err := http.Get(p.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var h map[string]string
		if err := json.NewDecoder(res.Body).Decode(&h); err != nil || res.StatusCode != 200 {
			t.Fatalf("healthz: %d %v", res.StatusCode, err)
		}
		return h
	}
	// The log line comes just before the flag drops.
	waitFor(t, "healthz to stop saying seeding", func() (bool, string) {
		h := health(p)
		return h["status"] == "ok" && h["demo"] == "", fmt.Sprint(h)
	})
	if strings.Contains(p.log(), "level=ERROR") {
		t.Errorf("errors in the log:\n%s", p.log())
	}

	db, err := sqlstore.OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	songs, err := db.Songs(context.Background())
	if err != nil || len(songs) != len(synth.Catalog()) {
		t.Fatalf("%d songs in PostgreSQL, want the catalog's %d: %v", len(songs), len(synth.Catalog()), err)
	}
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	post := func(path, body string) (int, string) {
		t.Helper()
		res, err := c.Post(p.URL+path, "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if status, body := post("/api/auth/login", `{"username":"`+demo.User+`","password":"`+demo.Password+`"}`); status != 200 {
		t.Fatalf("demo login: %d %s", status, body)
	}
	if status, body := post("/api/search/song", `{"song":"rainy windw"}`); !strings.Contains(body, "Rainy Window Study") {
		t.Errorf("searching the demo catalog: %d %s", status, body)
	}

	p.kill()
	again := startBinary(t, dir, env...)
	if h := health(again); h["status"] != "ok" || h["demo"] != "" {
		t.Fatalf("healthz on the second start: %v", h)
	}
	if strings.Contains(again.log(), "seeding the demo catalog") {
		t.Errorf("the second start seeded again:\n%s", again.log())
	}
}
