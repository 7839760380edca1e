package main

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/testserver"
)

// While PostgreSQL restarts, requests answered 500 (20–42% of them): the
// documented answer is 503 with Retry-After, which proxies retry.
func TestAnUnreachableDatabaseIs503WithRetryAfter(t *testing.T) {
	dbURL, err := url.Parse(testserver.Postgres(t))
	if err != nil {
		t.Fatal(err)
	}
	proxy := testserver.NewProxy(t, dbURL.Host)
	dbURL.Host = proxy.Addr
	m := startMain(t, map[string]string{"MUSICIFY_DATABASE_URL": dbURL.String()})
	ctx := context.Background()
	ann := &musicify.User{Username: "ann", Email: "ann@example.com"}
	if err := m.DB.CreateUser(ctx, ann); err != nil {
		t.Fatal(err)
	}
	token := "a-session-token-for-the-test-0123456789"
	if err := m.DB.CreateSession(ctx, &musicify.Session{TokenHash: auth.HashToken(token), UserID: ann.ID, CreatedAt: time.Now(),
		LastSeenAt: time.Now(), ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	get := func() (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, m.URL+"/api/albums", nil)
		req.AddCookie(&http.Cookie{Name: "musicify_session", Value: token})
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		return res, string(b)
	}
	if res, body := get(); res.StatusCode != http.StatusOK {
		t.Fatalf("before: %d %s", res.StatusCode, body)
	}
	proxy.Cut()
	for range 5 {
		res, body := get()
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" ||
			!strings.Contains(body, "cannot reach its database") {
			t.Fatalf("while the database is down: %d %v %s", res.StatusCode, res.Header, body)
		}
	}
	// Back: the pooled connections died with the cut, and a read that
	// finds one dead asks again on a fresh connection, so the very first
	// request is answered.
	proxy.Restore()
	if res, body := get(); res.StatusCode != http.StatusOK {
		t.Fatalf("the first request once the database is back: %d %s", res.StatusCode, body)
	}
	// A restart in the middle of traffic: connections used a moment ago
	// are not checked before reuse, and die under the next query.
	for range 3 {
		if res, body := get(); res.StatusCode != http.StatusOK {
			t.Fatalf("before a blip: %d %s", res.StatusCode, body)
		}
		proxy.Cut()
		proxy.Restore()
		if res, body := get(); res.StatusCode != http.StatusOK {
			t.Fatalf("the first request after a blip: %d %s", res.StatusCode, body)
		}
	}
}
