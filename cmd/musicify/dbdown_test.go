package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/testserver"
)

// cutProxy forwards TCP to a server until cut: then it drops every
// connection and refuses new ones, as a database restarting does.
type cutProxy struct {
	ln     net.Listener
	to     string
	mu     sync.Mutex
	cut    bool
	conns  []net.Conn
	closed bool
}

func newCutProxy(t *testing.T, to string) *cutProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln, to: to}
	t.Cleanup(func() { ln.Close(); p.setCut(true) })
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			if p.cut {
				p.mu.Unlock()
				in.Close()
				continue
			}
			out, err := net.Dial("tcp", to)
			if err != nil {
				p.mu.Unlock()
				in.Close()
				continue
			}
			p.conns = append(p.conns, in, out)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(out, in); out.Close() }()
			go func() { _, _ = io.Copy(in, out); in.Close() }()
		}
	}()
	return p
}

func (p *cutProxy) setCut(cut bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = cut
	if cut {
		for _, c := range p.conns {
			c.Close()
		}
		p.conns = nil
	}
}

// While PostgreSQL restarts, requests answered 500 (20–42% of them): the
// documented answer is 503 with Retry-After, which proxies retry.
func TestAnUnreachableDatabaseIs503WithRetryAfter(t *testing.T) {
	dbURL, err := url.Parse(testserver.Postgres(t))
	if err != nil {
		t.Fatal(err)
	}
	proxy := newCutProxy(t, dbURL.Host)
	dbURL.Host = proxy.ln.Addr().String()
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
	proxy.setCut(true)
	for range 5 {
		res, body := get()
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" ||
			!strings.Contains(body, "cannot reach its database") {
			t.Fatalf("while the database is down: %d %v %s", res.StatusCode, res.Header, body)
		}
	}
	// Back: a pooled connection may still fail once, saying 503 as
	// above; the next try, as Retry-After says, is answered.
	proxy.setCut(false)
	for i := 0; ; i++ {
		res, body := get()
		if res.StatusCode == http.StatusOK {
			break
		}
		if res.StatusCode != http.StatusServiceUnavailable || i == 3 {
			t.Fatalf("once it is back, try %d: %d %s", i+1, res.StatusCode, body)
		}
	}
}
