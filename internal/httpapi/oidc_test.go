package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/oauth2-proxy/mockoidc"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/httpapi"
)

// withProvider runs a real OpenID provider in the test and points the server at it.
func withProvider(t *testing.T) (*mockoidc.MockOIDC, func(*httpapi.Server)) {
	t.Helper()
	m, err := mockoidc.Run()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = m.Shutdown() })
	cfg := m.Config()
	return m, func(s *httpapi.Server) {
		s.OIDC = auth.NewOIDC(cfg.Issuer, cfg.ClientID, cfg.ClientSecret, s.BaseURL.String()+"/api/auth/google/callback")
	}
}

// follow walks the redirect chain from path like a browser and returns where it ends.
func (c *client) follow(t *testing.T, path string) *url.URL {
	t.Helper()
	target := c.e.URL + path
	for i := 0; i < 10; i++ {
		res, err := c.http.Get(target)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		loc, err := res.Location()
		if err != nil {
			u, _ := url.Parse(target)
			return u
		}
		target = loc.String()
	}
	t.Fatal("too many redirects")
	return nil
}

func TestGoogleSignInCreatesAnAccount(t *testing.T) {
	_, provider := withProvider(t)
	e := newEnv(t, provider)
	c := e.client()
	end := c.follow(t, "/api/auth/google")
	if end.Path != "/home" {
		t.Fatalf("sign-in ended at %s", end)
	}
	p := c.get("/api/auth/profile")
	if p.Status != 200 || p.Body["email"] != "jane.doe@example.com" || p.Body["username"] != "jane_doe" {
		t.Fatalf("profile after sign-in: %d %s", p.Status, p.Raw)
	}
	// A second sign-in with the same identity uses the same account.
	e.client().follow(t, "/api/auth/google")
	if users, _ := e.DB.Users(t.Context()); len(users) != 1 {
		t.Fatalf("%d accounts after signing in twice", len(users))
	}
	// The account has no password: password login cannot reach it.
	expect(t, e.client().post("/api/auth/login", creds{"username": "jane_doe", "password": ""}), 400, "")
}

func TestGoogleSignInJoinsTheAccountWithThatEmail(t *testing.T) {
	m, provider := withProvider(t)
	e := newEnv(t, provider)
	e.signUp("jane", "Jane.Doe@example.com", "secret1")
	m.QueueUser(&mockoidc.MockUser{Subject: "42", Email: "jane.doe@example.com", EmailVerified: true})
	c := e.client()
	if end := c.follow(t, "/api/auth/google"); end.Path != "/home" {
		t.Fatalf("ended at %s", end)
	}
	if p := c.get("/api/auth/profile"); p.Body["username"] != "jane" {
		t.Fatalf("signed into %s", p.Raw)
	}
}

func TestGoogleSignInRefusals(t *testing.T) {
	m, provider := withProvider(t)
	e := newEnv(t, provider)

	t.Run("an unverified email", func(t *testing.T) {
		m.QueueUser(&mockoidc.MockUser{Subject: "7", Email: "sly@example.com", EmailVerified: false})
		c := e.client()
		if end := c.follow(t, "/api/auth/google"); end.Path != "/login" || end.Query().Get("error") != "google_unverified" {
			t.Fatalf("ended at %s", end)
		}
		expect(t, c.get("/api/verified"), 401, "")
	})
	t.Run("a callback with another state than the browser's", func(t *testing.T) {
		for _, started := range []bool{false, true} {
			c := e.client()
			if started {
				res, err := c.http.Get(e.URL + "/api/auth/google")
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
			}
			res, err := c.http.Get(e.URL + "/api/auth/google/callback?code=abc&state=forged")
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if loc, _ := res.Location(); loc == nil || loc.Query().Get("error") != "google_expired" {
				t.Fatalf("forged callback (flow started: %v) went to %v", started, loc)
			}
			expect(t, c.get("/api/verified"), 401, "")
		}
	})
	t.Run("a cancelled sign-in", func(t *testing.T) {
		c := e.client()
		res, err := c.http.Get(e.URL + "/api/auth/google")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		state := mustLocation(t, res).Query().Get("state")
		if end := c.follow(t, "/api/auth/google/callback?error=access_denied&state="+url.QueryEscape(state)); end.Query().Get("error") != "google_cancelled" {
			t.Fatalf("ended at %s", end)
		}
	})
}

func TestGoogleSignInReturnsToALocalPageOnly(t *testing.T) {
	_, provider := withProvider(t)
	e := newEnv(t, provider)
	if end := e.client().follow(t, "/api/auth/google?next="+url.QueryEscape("/share?id=abc&type=song")); end.RequestURI() != "/share?id=abc&type=song" {
		t.Fatalf("ended at %s", end)
	}
	for _, next := range []string{"https://evil.example/", "//evil.example/x", "/\\evil.example"} {
		if end := e.client().follow(t, "/api/auth/google?next="+url.QueryEscape(next)); end.Host != strings.TrimPrefix(e.URL, "http://") || end.Path != "/home" {
			t.Errorf("next=%s ended at %s", next, end)
		}
	}
}

// Without configuration the link leads to the web app's page, which asks
// the server what to say: a visitor learns nothing about the settings, an
// admin learns which ones turn it on.
func TestGoogleSignInWithoutConfiguration(t *testing.T) {
	e := newEnv(t)
	r := e.client().get("/api/auth/google")
	if r.Status != http.StatusFound || r.Header.Get("Location") != "/google" {
		t.Fatalf("unconfigured: %d to %q", r.Status, r.Header.Get("Location"))
	}
	admin := e.signUp("ann", "ann@example.com", "secret1") // the first person is the admin
	listener := e.signUp("bob", "bob@example.com", "secret1")
	for _, tc := range []struct {
		name string
		c    *client
	}{{"a visitor", e.client()}, {"a listener", listener}} {
		t.Run(tc.name+" is not told the settings", func(t *testing.T) {
			r := tc.c.get("/api/auth/google/setup")
			if r.Status != 200 || r.Body["configured"] != false || strings.Contains(r.Raw, "MUSICIFY_") || strings.Contains(r.Raw, "callback") {
				t.Fatalf("got %d %s", r.Status, r.Raw)
			}
		})
	}
	t.Run("an admin is told the settings and the callback address", func(t *testing.T) {
		r := admin.get("/api/auth/google/setup")
		for _, want := range []string{`"MUSICIFY_OIDC_ISSUER"`, `"MUSICIFY_OIDC_CLIENT_ID"`, `"MUSICIFY_OIDC_CLIENT_SECRET"`, e.URL + "/api/auth/google/callback"} {
			if r.Status != 200 || !strings.Contains(r.Raw, want) {
				t.Fatalf("no %s in %d %s", want, r.Status, r.Raw)
			}
		}
	})
}

// With sign-in set up, the page only says so, to admins too.
func TestGoogleSetupWhenConfigured(t *testing.T) {
	_, provider := withProvider(t)
	e := newEnv(t, provider)
	admin := e.signUp("ann", "ann@example.com", "secret1")
	if r := admin.get("/api/auth/google/setup"); r.Body["configured"] != true || strings.Contains(r.Raw, "MUSICIFY_") {
		t.Fatalf("got %d %s", r.Status, r.Raw)
	}
}

func TestGoogleSignInWithTheProviderDown(t *testing.T) {
	e := newEnv(t, func(s *httpapi.Server) {
		s.OIDC = auth.NewOIDC("http://127.0.0.1:1/nowhere", "id", "secret", s.BaseURL.String()+"/api/auth/google/callback")
	})
	if end := e.client().follow(t, "/api/auth/google"); end.Path != "/login" || end.Query().Get("error") != "google_unavailable" {
		t.Fatalf("ended at %s", end)
	}
}

func mustLocation(t *testing.T, res *http.Response) *url.URL {
	t.Helper()
	loc, err := res.Location()
	if err != nil {
		t.Fatalf("no redirect: %d", res.StatusCode)
	}
	return loc
}
