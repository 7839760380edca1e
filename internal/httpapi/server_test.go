package httpapi_test

import (
	"context"
	"net/http"
	"net/mail"
	"net/url"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/httpapi"
	mailer "github.com/musicify/musicify/internal/mail"
)

func TestForeignOriginsCannotChangeState(t *testing.T) {
	e := newEnv(t)
	e.signUp("olga", "olga@example.com", "secret1")
	for _, h := range []map[string]string{
		{"Origin": "https://evil.example"},
		{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"},
		{"Origin": "null"},
	} {
		c := e.client()
		for k, v := range h {
			c.Header.Set(k, v)
		}
		expect(t, c.post("/api/auth/login", creds{"username": "olga", "password": "secret1"}), 403,
			"This request came from another website and was refused.")
	}
	same := e.client()
	same.Header.Set("Origin", e.URL)
	same.Header.Set("Sec-Fetch-Site", "same-origin")
	expect(t, same.post("/api/auth/login", creds{"username": "olga", "password": "secret1"}), 200, "success")
	// Reads are not state changes: a foreign origin may still GET.
	same.Header.Set("Origin", "https://evil.example")
	same.Header.Set("Sec-Fetch-Site", "cross-site")
	expect(t, same.get("/api/verified"), 200, "success")
	// And a logout from another site is refused too.
	expect(t, same.post("/api/auth/logout", nil), 403, "")
	same.Header.Del("Origin")
	same.Header.Del("Sec-Fetch-Site")
	expect(t, same.get("/api/verified"), 200, "success")
}

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{"/", "/home", "/api/verified", "/healthz", "/assets/app-1a2b.js"} {
		r := e.client().get(path)
		csp := r.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe-inline") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s: CSP allows unsafe code: %q", path, csp)
		}
		if r.Header.Get("X-Content-Type-Options") != "nosniff" || r.Header.Get("Referrer-Policy") == "" {
			t.Errorf("%s: headers %v", path, r.Header)
		}
	}
}

func TestTheAppIsServedForEveryClientRoute(t *testing.T) {
	e := newEnv(t)
	for _, path := range []string{"/", "/home", "/player/top", "/otp1"} {
		r := e.client().get(path)
		if r.Status != 200 || !strings.Contains(r.Raw, "<title>Musicify</title>") || r.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("%s: %d %q cache %q", path, r.Status, r.Raw, r.Header.Get("Cache-Control"))
		}
	}
	asset := e.client().get("/assets/app-1a2b.js")
	if asset.Status != 200 || asset.Raw != "console.log(1)" || !strings.Contains(asset.Header.Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %d %q %q", asset.Status, asset.Raw, asset.Header.Get("Cache-Control"))
	}
	if r := e.client().get("/missing.png"); r.Status != 404 {
		t.Errorf("a missing file: %d", r.Status)
	}
	expect(t, e.client().get("/api/nothing/here"), 404, "There is no API call GET /api/nothing/here.")
	if r := e.client().post("/home", nil); r.Status != 405 {
		t.Errorf("POST to a page: %d", r.Status)
	}
}

func TestHealthz(t *testing.T) {
	e := newEnv(t)
	r := e.client().get("/healthz")
	if r.Status != 200 || r.Body["status"] != "ok" || r.Body["version"] != "test" {
		t.Fatalf("healthz: %d %s", r.Status, r.Raw)
	}
	e.DB.Close()
	if r := e.client().get("/healthz"); r.Status != 503 {
		t.Fatalf("healthz with the database closed: %d %s", r.Status, r.Raw)
	}
}

func TestAnUnsendableCodeMailStoresNothing(t *testing.T) {
	e := newEnv(t)
	base, _ := url.Parse(e.URL)
	broken := &mailer.SMTP{URL: &url.URL{Scheme: "smtp", Host: "127.0.0.1:1"}, From: &mail.Address{Address: "a@b.example"}}
	api := &httpapi.Server{
		Accounts: auth.NewService(e.DB, broken, auth.Options{Hash: cheapHash, Now: e.Clock.Now}),
		Users:    e.DB, Ping: e.DB.Ping, Logger: discardLogger(), BaseURL: base,
	}
	h := api.Handler()
	req, _ := http.NewRequest("POST", "/api/auth/cheak", strings.NewReader(`{"username":"pat","email":"pat@example.com","password":"secret1"}`))
	rec := record(h, req)
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), "We could not send the mail with your code") {
		t.Fatalf("cheak with mail down: %d %s", rec.Code, rec.Body)
	}
	if _, err := e.DB.Code(context.Background(), "signup", "pat@example.com"); err == nil {
		t.Fatal("a code was kept although its mail was never sent")
	}
}

func TestDevOutbox(t *testing.T) {
	t.Run("is absent unless switched on", func(t *testing.T) {
		e := newEnv(t)
		if r := e.client().get("/dev/mail.json"); r.Status == 200 && strings.HasPrefix(r.Raw, "[") {
			t.Fatalf("outbox served without demo mode: %s", r.Raw)
		}
	})
	t.Run("lists mails for this machine", func(t *testing.T) {
		e := newEnv(t, func(s *httpapi.Server) { s.Outbox = outboxOf(s) })
		_ = e.DB.AddOutboxMail(context.Background(), outboxMail("ann@example.com", "123456 is your Musicify sign-up code"))
		_ = e.DB.AddOutboxMail(context.Background(), outboxMail("bob@example.com", "654321 is your Musicify sign-up code"))
		r := e.client().get("/dev/mail.json?to=Ann@Example.com")
		if r.Status != 200 || !strings.Contains(r.Raw, "123456") || strings.Contains(r.Raw, "654321") {
			t.Fatalf("outbox json: %d %s", r.Status, r.Raw)
		}
		page := e.client().get("/dev/mail")
		if page.Status != 200 || !strings.Contains(page.Raw, "Dev outbox") || !strings.Contains(page.Raw, "654321 is your Musicify sign-up code") {
			t.Fatalf("outbox page: %d %s", page.Status, page.Raw)
		}
		if !strings.Contains(page.Header.Get("Content-Security-Policy"), "style-src 'sha256-") {
			t.Errorf("page CSP: %q", page.Header.Get("Content-Security-Policy"))
		}
	})
	t.Run("is not there for other machines", func(t *testing.T) {
		e := newEnv(t, func(s *httpapi.Server) { s.Outbox = outboxOf(s); s.TrustProxy = true })
		expect(t, e.from("192.0.2.44").get("/dev/mail.json"), 404, "There is no page /dev/mail.json.")
	})
	t.Run("is not there through a proxy, even one on this machine", func(t *testing.T) {
		e := newEnv(t, func(s *httpapi.Server) { s.Outbox = outboxOf(s) })
		for _, h := range []struct{ name, value string }{
			{"X-Forwarded-For", "127.0.0.1"}, {"Forwarded", "for=127.0.0.1"}, {"X-Forwarded-Host", "localhost"}, {"X-Real-Ip", "127.0.0.1"},
			{"Via", "1.1 proxy"},
		} {
			c := e.client()
			c.Header.Set(h.name, h.value)
			expect(t, c.get("/dev/mail.json?to=victim@example.com"), 404, "There is no page /dev/mail.json.")
			expect(t, c.get("/dev/mail"), 404, "There is no page /dev/mail.")
		}
	})
	t.Run("is not there when the public URL is not a loopback one", func(t *testing.T) {
		public, _ := url.Parse("https://music.example.com")
		e := newEnv(t, func(s *httpapi.Server) { s.Outbox = outboxOf(s); s.BaseURL = public })
		expect(t, e.client().get("/dev/mail.json"), 404, "There is no page /dev/mail.json.")
		if r := e.client().get("/dev/mail"); r.Status != 404 || strings.Contains(r.Raw, "Dev outbox") {
			t.Fatalf("outbox page with a public URL: %d %s", r.Status, r.Raw)
		}
	})
}

func TestCookiesAreSecureBehindHTTPS(t *testing.T) {
	e := newEnv(t)
	e.signUp("quinn", "quinn@example.com", "secret1")
	base, _ := url.Parse("https://music.example.com")
	api := &httpapi.Server{
		Accounts: auth.NewService(e.DB, nil, auth.Options{Hash: cheapHash, Now: e.Clock.Now}),
		Users:    e.DB, Ping: e.DB.Ping, Logger: discardLogger(), BaseURL: base,
	}
	req, _ := http.NewRequest("POST", "https://music.example.com/api/auth/login", strings.NewReader(`{"username":"quinn","password":"secret1"}`))
	req.Header.Set("Origin", "https://music.example.com")
	rec := record(api.Handler(), req)
	res := rec.Result()
	if res.StatusCode != 200 || len(res.Cookies()) != 1 {
		t.Fatalf("login: %d %s", res.StatusCode, rec.Body)
	}
	if ck := res.Cookies()[0]; !ck.Secure || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode {
		t.Errorf("cookie behind https = %+v", ck)
	}
	if res.Header.Get("Strict-Transport-Security") == "" {
		t.Error("no HSTS behind https")
	}
}
