package main

import (
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"
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
