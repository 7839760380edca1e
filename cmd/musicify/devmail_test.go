package main

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// The defaults behind a proxy that adds no header (a bare proxy_pass,
// socat, a tunnel): every request looks as if it came from this machine,
// so the outbox must simply be off, or it hands out the admin's reset code.
func TestTheDefaultsBehindAHeaderlessProxyGiveNoMailAway(t *testing.T) {
	p := startBinary(t, t.TempDir(), "MUSICIFY_DEMO=true") // as the defaults have it
	proxy := headerlessProxy(t, strings.TrimPrefix(p.URL, "http://"))
	res, err := http.Post(proxy+"/api/auth/getotp", "application/json", strings.NewReader(`{"email":"demo@example.com"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	for _, path := range []string{"/dev/mail.json", "/dev/mail.json?to=demo@example.com", "/dev/mail"} {
		res, err := http.Get(proxy + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("%s through the proxy: %d %s", path, res.StatusCode, body)
		}
	}
}

// headerlessProxy forwards TCP connections to addr as they are, and
// returns its own URL.
func headerlessProxy(t *testing.T, addr string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			in, err := ln.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("tcp", addr)
			if err != nil {
				in.Close()
				continue
			}
			go func() { _, _ = io.Copy(out, in); out.Close() }()
			go func() { _, _ = io.Copy(in, out); in.Close() }()
		}
	}()
	return "http://" + ln.Addr().String()
}
