package platform_test

import (
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/httpapi/platform"
)

// Past the cap a new connection is told to come back, instead of the server
// running out of file descriptors and refusing everyone without a word.
func TestConnectionsPastTheCapGet503WithRetryAfter(t *testing.T) {
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "hello")
	}))
	ts.Listener = platform.LimitConnections(ts.Listener, platform.ConnLimits{Max: 2, RetryAfter: 5 * time.Second})
	ts.Start()
	t.Cleanup(ts.Close)
	get := func() (*http.Response, string) {
		t.Helper()
		c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 10 * time.Second}
		res, err := c.Get(ts.URL)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}

	var held []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		held = append(held, c)
	}
	// The server accepts in order, so this one comes after the two held.
	res, body := get()
	var m struct{ Message string }
	_ = json.Unmarshal([]byte(body), &m)
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") != "5" ||
		m.Message != "The server is busy. Please try again in a few seconds." {
		t.Fatalf("past the cap: %d Retry-After %q %s", res.StatusCode, res.Header.Get("Retry-After"), body)
	}

	held[0].Close() // a slot frees once the server sees it close
	deadline := time.Now().Add(10 * time.Second)
	for {
		res, body := get()
		if res.StatusCode == http.StatusOK && body == "hello" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a closed connection never gave its slot back: %d %s", res.StatusCode, body)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// limitedServer serves "hello" behind LimitConnections with limits.
func limitedServer(t *testing.T, limits platform.ConnLimits) (*httptest.Server, *platform.Connections) {
	t.Helper()
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "hello")
	}))
	conns := platform.LimitConnections(ts.Listener, limits)
	ts.Listener = conns
	ts.Config.ConnState = conns.ConnState
	ts.Start()
	t.Cleanup(ts.Close)
	return ts, conns
}

// idleConn makes one request on a keep-alive connection from the local
// address from, reads the answer, and leaves the connection open, idle.
func idleConn(t *testing.T, ts *httptest.Server, from string) (net.Conn, string) {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	b := make([]byte, 512)
	n, _ := c.Read(b)
	return c, string(b[:n])
}

// closed says whether the server has closed c (a read sees the end).
func closed(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	_, err := c.Read(make([]byte, 1))
	return err != nil && !errors.Is(err, os.ErrDeadlineExceeded)
}

// One address holding every connection (4,096 idle keep-alives) made the
// health check fail: one address gets PerAddress, others still get in.
func TestOneAddressGetsItsShareOfConnections(t *testing.T) {
	ts, _ := limitedServer(t, platform.ConnLimits{Max: 100, PerAddress: 3, RetryAfter: 5 * time.Second,
		Exempt: func(ip netip.Addr) bool { return ip == netip.MustParseAddr("127.0.0.9") }})
	for range 3 {
		if _, got := idleConn(t, ts, "127.0.0.2"); !strings.HasPrefix(got, "HTTP/1.1 200") {
			t.Fatalf("within its share: %q", got)
		}
	}
	if _, got := idleConn(t, ts, "127.0.0.2"); !strings.HasPrefix(got, "HTTP/1.1 503") {
		t.Fatalf("past its share: %q", got)
	}
	if _, got := idleConn(t, ts, "127.0.0.3"); !strings.HasPrefix(got, "HTTP/1.1 200") {
		t.Fatalf("another address: %q", got)
	}
	for range 5 { // a proxy in front carries everyone
		if _, got := idleConn(t, ts, "127.0.0.9"); !strings.HasPrefix(got, "HTTP/1.1 200") {
			t.Fatalf("the exempt proxy: %q", got)
		}
	}
}

// When every slot is taken, idle keep-alive connections make room, the one
// idle longest first; once three quarters are taken, those idle past
// BusyIdle are closed.
func TestIdleConnectionsGiveWayWhenTheServerIsFull(t *testing.T) {
	clock := struct {
		sync.Mutex
		now time.Time
	}{now: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)}
	now := func() time.Time { clock.Lock(); defer clock.Unlock(); return clock.now }
	advance := func(d time.Duration) { clock.Lock(); clock.now = clock.now.Add(d); clock.Unlock() }
	ts, conns := limitedServer(t, platform.ConnLimits{Max: 4, RetryAfter: 5 * time.Second, BusyIdle: time.Minute, Now: now})
	var idle []net.Conn
	for i := range 4 {
		c, got := idleConn(t, ts, "127.0.0.2")
		if !strings.HasPrefix(got, "HTTP/1.1 200") {
			t.Fatalf("connection %d: %q", i, got)
		}
		idle = append(idle, c)
		// The server marks a connection idle once it has answered: wait
		// for it, so that each is idle since its own second.
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			if _, n := conns.Counts(); n == i+1 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("connection %d never became idle", i)
			}
		}
		advance(time.Second) // the first is idle longest
	}
	// Full: the next one gets in, and the oldest idle one is closed for it.
	if _, got := idleConn(t, ts, "127.0.0.3"); !strings.HasPrefix(got, "HTTP/1.1 200") {
		t.Fatalf("a new connection when full: %q", got)
	}
	if !closed(idle[0]) {
		t.Error("the connection idle longest was not closed")
	}
	// Three quarters full, long idle: all those idle past a minute go.
	advance(2 * time.Minute)
	if _, got := idleConn(t, ts, "127.0.0.4"); !strings.HasPrefix(got, "HTTP/1.1 200") {
		t.Fatalf("a new connection: %q", got)
	}
	for i, c := range idle[1:] {
		if !closed(c) {
			t.Errorf("idle connection %d was kept", i+1)
		}
	}
}
