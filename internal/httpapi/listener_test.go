package httpapi_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/httpapi"
)

// Past the cap a new connection is told to come back, instead of the server
// running out of file descriptors and refusing everyone without a word.
func TestConnectionsPastTheCapGet503WithRetryAfter(t *testing.T) {
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "hello")
	}))
	ts.Listener = httpapi.LimitConnections(ts.Listener, 2, 5*time.Second)
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
