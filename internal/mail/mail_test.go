package mail_test

import (
	"bytes"
	"context"
	"log/slog"
	"net/mail"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	mailer "github.com/musicify/musicify/internal/mail"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/testsmtp"
)

func TestSMTPDeliversAReadableMail(t *testing.T) {
	srv := testsmtp.Start(t)
	from := &mail.Address{Name: "Musicify", Address: "no-reply@music.example"}
	s := &mailer.SMTP{URL: srv.URL(), From: from}
	err := s.Send(context.Background(), musicify.Mail{
		To: "ann@example.com", Subject: "123456 is your Musicify sign-up code — welcome",
		Text: "Hi Ann,\n\nyour code is 123456. Ünïcödé survives.\n",
	})
	if err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := srv.WaitFor(t, "ann@example.com", 1)
	if got.From != "no-reply@music.example" {
		t.Errorf("envelope from = %q", got.From)
	}
	if got.Subject() != "123456 is your Musicify sign-up code — welcome" {
		t.Errorf("subject = %q", got.Subject())
	}
	if !strings.Contains(got.Body, "your code is 123456. Ünïcödé survives.") {
		t.Errorf("body = %q", got.Body)
	}
	for _, h := range []string{"Date", "Message-Id", "From", "To"} {
		if got.Header.Get(h) == "" {
			t.Errorf("header %s missing", h)
		}
	}
}

func TestSMTPReportsWrongCredentials(t *testing.T) {
	srv := testsmtp.Start(t)
	u := srv.URL()
	u.User = url.UserPassword(testsmtp.User, "wrong")
	s := &mailer.SMTP{URL: u, From: &mail.Address{Address: "a@b.example"}}
	err := s.Send(context.Background(), musicify.Mail{To: "x@example.com", Subject: "s", Text: "t"})
	if err == nil || !strings.Contains(err.Error(), "authenticating") {
		t.Fatalf("Send with a wrong password: err = %v, want an authentication error", err)
	}
	if n := srv.Count("x@example.com"); n != 0 {
		t.Errorf("%d mails delivered despite failed auth", n)
	}
}

func TestSMTPReportsAnUnreachableServer(t *testing.T) {
	s := &mailer.SMTP{URL: &url.URL{Scheme: "smtp", Host: "127.0.0.1:1"}, From: &mail.Address{Address: "a@b.example"}}
	if err := s.Send(context.Background(), musicify.Mail{To: "x@example.com"}); err == nil {
		t.Fatal("Send to a closed port succeeded")
	}
}

func TestOutboxKeepsMailsNewestFirst(t *testing.T) {
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var logs bytes.Buffer
	o := &mailer.Outbox{Store: db, Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	for _, subject := range []string{"first", "second"} {
		if err := o.Send(context.Background(), musicify.Mail{To: "ann@example.com", Subject: subject + " 493817", Text: "body " + subject + ": your code is 493817"}); err != nil {
			t.Fatal(err)
		}
	}
	// The log says a mail was kept, never what it says: codes are secrets.
	if strings.Contains(logs.String(), "493817") || !strings.Contains(logs.String(), "musicify mail") {
		t.Fatalf("the log:\n%s", logs.String())
	}
	mails, err := db.OutboxMails(context.Background(), 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(mails) != 2 || mails[0].Subject != "second 493817" || mails[1].Text != "body first: your code is 493817" || mails[0].To != "ann@example.com" {
		t.Fatalf("outbox = %+v", mails)
	}
}
