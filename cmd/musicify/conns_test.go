package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/config"
)

func TestTheConnectionCapFitsTheOpenFileLimit(t *testing.T) {
	for _, tc := range []struct {
		want   int64
		nofile uint64
		fit    int64
	}{
		{4096, 1 << 20, 4096},
		{4096, 4096, 1920}, // (4096 - 256) / 2
		{4096, 1024, 384},
		{4096, 100, 37},
		{10, 1024, 10},
		{4096, ^uint64(0), 4096},
	} {
		t.Run(fmt.Sprintf("%d connections with %d files", tc.want, tc.nofile), func(t *testing.T) {
			if got := fitConnections(tc.want, tc.nofile); got != tc.fit {
				t.Fatalf("got %d, want %d", got, tc.fit)
			}
		})
	}
}

// The real binary holds MUSICIFY_MAX_CONNECTIONS: connections past it are
// told 503 with Retry-After.
func TestTheBinaryCapsItsConnections(t *testing.T) {
	p := startBinary(t, t.TempDir(), "MUSICIFY_MAX_CONNECTIONS=2")
	addr := strings.TrimPrefix(p.URL, "http://")
	// Connections that send nothing are held until the header timeout; open
	// more until one is refused (the third, unless a held one timed out).
	for i := range 10 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\n", addr) // the head is not finished: held
		if i < 2 {
			continue
		}
		io.WriteString(c, "\r\n")
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		b, _ := io.ReadAll(c)
		if res := string(b); strings.HasPrefix(res, "HTTP/1.1 503") {
			if !strings.Contains(res, "\r\nRetry-After: ") || !strings.Contains(res, "The server is busy") {
				t.Fatalf("a refusal without Retry-After or a sentence: %q", res)
			}
			return
		}
	}
	t.Fatal("no connection past the cap of 2 was refused")
}

// A head sent a line at a time and a keep-alive connection left idle are
// both closed after their timeouts, so neither holds a descriptor for long.
func TestSlowHeadsAndIdleConnectionsAreClosed(t *testing.T) {
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"MUSICIFY_ADDR": "127.0.0.1:0", "MUSICIFY_DATA_DIR": t.TempDir(), "MUSICIFY_DEMO": "false"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	m := NewMain(cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	m.OnPanic = failOnPanic(t)
	m.HeaderTimeout, m.IdleTimeout = 200*time.Millisecond, 200*time.Millisecond
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	addr := strings.TrimPrefix(m.URL, "http://")

	t.Run("a head that trickles", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\n", addr)
		stop := make(chan struct{})
		defer close(stop)
		go func() { // a header line every few milliseconds, never the end of the head
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				case <-time.After(5 * time.Millisecond):
				}
				if _, err := fmt.Fprintf(c, "X-Slow-%d: 1\r\n", i); err != nil {
					return
				}
			}
		}()
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		// Closed by the server: an end of stream, or a reset when the close
		// met a header line still on its way. Only our own deadline fails.
		if _, err := io.ReadAll(c); err != nil && !errors.Is(err, syscall.ECONNRESET) {
			t.Fatalf("a trickling head was not cut off: %v", err)
		}
	})
	t.Run("an idle keep-alive connection", func(t *testing.T) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		r := bufio.NewReader(c)
		res, err := http.ReadResponse(r, nil)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("healthz: %v %v", res, err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if _, err := io.ReadAll(r); err != nil {
			t.Fatalf("an idle connection was not closed: %v", err)
		}
	})
}

// Keep-alive connections that each send one request and go silent held
// every slot for the two-minute idle timeout: the health check failed. Now
// one address gets its share, and idle connections give way to new ones.
func TestIdleConnectionsCannotHoldTheServer(t *testing.T) {
	p := startBinary(t, t.TempDir(), "MUSICIFY_MAX_CONNECTIONS=100", "MUSICIFY_MAX_CONNECTIONS_PER_ADDRESS=40")
	addr := strings.TrimPrefix(p.URL, "http://")
	refused := 0
	for _, from := range []string{"127.0.0.2", "127.0.0.3", "127.0.0.4"} {
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
		for range 50 {
			c, err := d.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { c.Close() })
			fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
			c.SetReadDeadline(time.Now().Add(30 * time.Second))
			head := make([]byte, 12)
			if _, err := io.ReadFull(c, head); err != nil {
				continue // closed to make room for a newer one
			}
			if string(head) == "HTTP/1.1 503" {
				refused++
			}
		}
	}
	if refused < 30 { // 10 of each address's 50, at least, are past its 40
		t.Errorf("%d connections refused past the share of an address", refused)
	}
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	for i := range 10 {
		res, err := client.Get(p.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("health check %d with every slot held by idle connections: %d", i, res.StatusCode)
		}
	}
}
