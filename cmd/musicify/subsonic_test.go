package main

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// The binary serves /rest to the app passwords made in Settings: a Subsonic
// app signs in with one, never with the web password.
func TestTheBinaryServesTheSubsonicAPI(t *testing.T) {
	m := startMain(t, nil)
	ctx := context.Background()
	ann := &musicify.User{Username: "ann", Email: "ann@example.com", PasswordHash: "not-a-hash"}
	if err := m.DB.CreateUser(ctx, ann); err != nil {
		t.Fatal(err)
	}
	_, password, err := m.AppPasswords.Create(ctx, ann.ID, "Phone")
	if err != nil {
		t.Fatal(err)
	}
	ping := func(pass string) string {
		t.Helper()
		res, err := http.Get(m.URL + "/rest/ping.view?f=json&v=1.16.1&c=test&u=ann&p=" + url.QueryEscape(pass))
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return string(b)
	}
	if body := ping(password); !strings.Contains(body, `"status":"ok"`) {
		t.Fatalf("with the app password: %s", body)
	}
	if body := ping("not-it"); !strings.Contains(body, `"code":40`) {
		t.Fatalf("with a wrong password: %s", body)
	}
}
