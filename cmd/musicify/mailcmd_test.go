package main

import (
	"bytes"
	"context"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/sqlstore"
)

// Without SMTP and without the dev outbox (a server), a sign-up's code is
// in no log: the owner reads it with `musicify mail` on the server.
func TestWithoutSMTPTheCodeIsReadOnTheServerNotInTheLog(t *testing.T) {
	dir := t.TempDir()
	p := startBinary(t, dir)
	res, err := http.Post(p.URL+"/api/auth/cheak", "application/json",
		strings.NewReader(`{"username":"owner","password":"secret1","email":"owner@example.com"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("sign-up: %d", res.StatusCode)
	}
	p.waitLog(t, "mail kept instead of sent")
	p.kill()

	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(dir, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	mails, err := db.OutboxMails(context.Background(), 1)
	db.Close()
	if err != nil || len(mails) != 1 {
		t.Fatalf("kept mails: %v %v", mails, err)
	}
	code := regexp.MustCompile(`\b\d{6}\b`).FindString(mails[0].Text)
	if code == "" {
		t.Fatalf("no code in the kept mail: %q", mails[0].Text)
	}
	if strings.Contains(p.log(), code) {
		t.Fatalf("the code %s is in the log:\n%s", code, p.log())
	}
	t.Setenv("MUSICIFY_DATA_DIR", dir)
	t.Setenv("MUSICIFY_DEMO", "false")
	var out bytes.Buffer
	if status := mailCmd([]string{"--to", "OWNER@example.com"}, &out); status != 0 || !strings.Contains(out.String(), code) ||
		!strings.Contains(out.String(), "To: owner@example.com") {
		t.Fatalf("musicify mail: %d\n%s", status, out.String())
	}
	out.Reset()
	if status := mailCmd([]string{"--to", "nobody@example.com"}, &out); status != 0 || strings.Contains(out.String(), code) {
		t.Fatalf("musicify mail for someone else: %d\n%s", status, out.String())
	}
}
