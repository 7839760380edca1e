package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/apppass"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
)

// withAppPasswords turns app passwords on, and hands back the service.
func withAppPasswords(t testing.TB, svc **apppass.Service) func(*httpapi.Server) {
	return func(api *httpapi.Server) {
		s, err := apppass.New(api.Users.(*sqlstore.DB), []byte("a test secret of thirty-two bytes"), apppass.Options{Now: api.Now})
		if err != nil {
			t.Fatal(err)
		}
		api.AppPasswords, *svc = s, s
	}
}

func TestAppPasswordsOverHTTP(t *testing.T) {
	var svc *apppass.Service
	e := newEnv(t, withAppPasswords(t, &svc))
	ann := e.signUp("ann", "ann@example.com", "secret1")
	bob := e.signUp("bob", "bob@example.com", "secret1")

	expect(t, e.client().get("/api/app-passwords"), 401, "")
	expect(t, e.client().post("/api/app-passwords", creds{"name": "Phone"}), 401, "")

	r := ann.post("/api/app-passwords", creds{"name": "  Phone "})
	expect(t, r, 201, "")
	password, _ := r.Body["password"].(string)
	id, _ := r.Body["id"].(string)
	if len(password) != 24 || id == "" || r.Body["name"] != "Phone" || r.Body["createdAt"] != "2026-11-21T12:00:00Z" || r.Body["lastUsedAt"] != nil {
		t.Fatalf("created: %s", r.Raw)
	}
	if r.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("the password may be cached: Cache-Control %q", r.Header.Get("Cache-Control"))
	}

	// The list never shows the password again.
	r = ann.get("/api/app-passwords")
	expect(t, r, 200, "")
	if strings.Contains(r.Raw, password) || strings.Contains(r.Raw, `"password"`) ||
		!strings.Contains(r.Raw, `"lastUsedAt":null`) || !strings.Contains(r.Raw, `"name":"Phone"`) {
		t.Errorf("list: %s", r.Raw)
	}

	// A Subsonic app signs in with it; the list shows when.
	e.Clock.Advance(time.Hour)
	if u, err := svc.CheckSubsonic(context.Background(), musicify.SubsonicCredentials{Username: "ann", Password: password}, "192.0.2.1"); err != nil || u.Username != "ann" {
		t.Fatalf("CheckSubsonic: %v, %v", u, err)
	}
	if r = ann.get("/api/app-passwords"); !strings.Contains(r.Raw, `"lastUsedAt":"2026-11-21T13:00:00Z"`) {
		t.Errorf("after use: %s", r.Raw)
	}
	// Nobody else sees or revokes it.
	if r = bob.get("/api/app-passwords"); r.Raw != "{\"appPasswords\":[]}\n" {
		t.Errorf("bob's list: %s", r.Raw)
	}
	expect(t, bob.do(http.MethodDelete, "/api/app-passwords/"+id, nil), 404, musicify.MsgAppPasswordNotFound)

	expect(t, ann.do(http.MethodDelete, "/api/app-passwords/"+id, nil), 200, "success")
	expect(t, ann.do(http.MethodDelete, "/api/app-passwords/"+id, nil), 404, musicify.MsgAppPasswordNotFound)
	if _, err := svc.CheckSubsonic(context.Background(), musicify.SubsonicCredentials{APIKey: password}, "192.0.2.1"); musicify.ErrorCode(err) != musicify.EUNAUTHORIZED {
		t.Errorf("a revoked password: %v", err)
	}
	if r = ann.get("/api/app-passwords"); r.Raw != "{\"appPasswords\":[]}\n" {
		t.Errorf("after revoking: %s", r.Raw)
	}
}

func TestAppPasswordNamesAndLimit(t *testing.T) {
	var svc *apppass.Service
	e := newEnv(t, withAppPasswords(t, &svc))
	ann := e.signUp("ann", "ann@example.com", "secret1")

	expect(t, ann.post("/api/app-passwords", creds{}), 400, musicify.MsgAppPasswordName)
	expect(t, ann.post("/api/app-passwords", creds{"name": strings.Repeat("n", 65)}), 400, musicify.MsgAppPasswordName)
	expect(t, ann.post("/api/app-passwords", map[string]any{"name": 7}), 400, `The field "name" has the wrong type.`)
	expect(t, ann.post("/api/app-passwords", creds{"name": "Phone"}), 201, "")
	expect(t, ann.post("/api/app-passwords", creds{"name": "phone"}), 409, musicify.MsgAppPasswordNameUsed)
	for i := 1; i < musicify.AppPasswordsMax; i++ {
		expect(t, ann.post("/api/app-passwords", creds{"name": "Device " + string(rune('A'+i))}), 201, "")
	}
	expect(t, ann.post("/api/app-passwords", creds{"name": "One more"}), 409, musicify.MsgAppPasswordsFull)
}

func TestAppPasswordsCanBeOff(t *testing.T) {
	e := newEnv(t)
	ann := e.signUp("ann", "ann@example.com", "secret1")
	expect(t, ann.get("/api/app-passwords"), 404, "App passwords are not enabled on this server.")
}
