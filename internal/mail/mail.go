// Package mail delivers Musicify's mail: over SMTP when a server is
// configured, otherwise into the dev outbox so a local set-up still works.
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"log/slog"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// SMTP sends through a server given as smtp://user:pass@host:port (STARTTLS
// when the server offers it) or smtps://… (TLS from the first byte).
type SMTP struct {
	URL  *url.URL
	From *mail.Address
	// TLSConfig is used for TLS; nil verifies the server against the system roots.
	TLSConfig *tls.Config
	Timeout   time.Duration
}

var _ musicify.Mailer = (*SMTP)(nil)

// Send delivers m, giving up after Timeout.
func (s *SMTP) Send(ctx context.Context, m musicify.Mail) error {
	timeout := s.Timeout
	if timeout == 0 {
		timeout = 20 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	host := s.URL.Hostname()
	port := s.URL.Port()
	implicitTLS := s.URL.Scheme == "smtps"
	if port == "" {
		port = map[bool]string{true: "465", false: "587"}[implicitTLS]
	}
	tlsConfig := s.TLSConfig
	if tlsConfig == nil {
		tlsConfig = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	}

	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", net.JoinHostPort(host, port))
	if err != nil {
		return fmt.Errorf("connecting to smtp server: %w", err)
	}
	defer conn.Close()
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	}
	if implicitTLS {
		conn = tls.Client(conn, tlsConfig)
	}
	c, err := smtp.NewClient(conn, host)
	if err != nil {
		return fmt.Errorf("greeting smtp server: %w", err)
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return fmt.Errorf("saying hello to smtp server: %w", err)
	}
	if ok, _ := c.Extension("STARTTLS"); ok && !implicitTLS {
		if err := c.StartTLS(tlsConfig); err != nil {
			return fmt.Errorf("starting tls: %w", err)
		}
	}
	if user := s.URL.User; user != nil {
		pass, _ := user.Password()
		if err := c.Auth(smtp.PlainAuth("", user.Username(), pass, host)); err != nil {
			return fmt.Errorf("authenticating to smtp server: %w", err)
		}
	}
	if err := c.Mail(s.From.Address); err != nil {
		return fmt.Errorf("smtp MAIL FROM: %w", err)
	}
	if err := c.Rcpt(m.To); err != nil {
		return fmt.Errorf("smtp RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp DATA: %w", err)
	}
	if _, err := w.Write(Compose(s.From, m, time.Now())); err != nil {
		return fmt.Errorf("writing mail: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("finishing mail: %w", err)
	}
	return c.Quit()
}

// Compose renders m as an RFC 5322 message in UTF-8 quoted-printable.
func Compose(from *mail.Address, m musicify.Mail, now time.Time) []byte {
	var b bytes.Buffer
	var id [12]byte
	_, _ = rand.Read(id[:])
	domain := "localhost"
	if at := strings.LastIndexByte(from.Address, '@'); at >= 0 {
		domain = from.Address[at+1:]
	}
	headers := [][2]string{
		{"From", from.String()},
		{"To", m.To},
		{"Subject", mime.QEncoding.Encode("utf-8", m.Subject)},
		{"Date", now.Format(time.RFC1123Z)},
		{"Message-ID", "<" + hex.EncodeToString(id[:]) + "@" + domain + ">"},
		{"MIME-Version", "1.0"},
		{"Content-Type", "text/plain; charset=utf-8"},
		{"Content-Transfer-Encoding", "quoted-printable"},
	}
	for _, h := range headers {
		fmt.Fprintf(&b, "%s: %s\r\n", h[0], h[1])
	}
	b.WriteString("\r\n")
	qp := quotedprintable.NewWriter(&b)
	_, _ = qp.Write([]byte(strings.ReplaceAll(m.Text, "\n", "\r\n")))
	_ = qp.Close()
	return b.Bytes()
}

// Outbox is the mailer of a server without SMTP: mails are stored for
// /dev/mail and `musicify mail`, so a sign-up can be finished; the log
// names them without their text.
type Outbox struct {
	Store  musicify.OutboxStore
	Logger *slog.Logger
}

var _ musicify.Mailer = (*Outbox)(nil)

func (o *Outbox) Send(ctx context.Context, m musicify.Mail) error {
	if err := o.Store.AddOutboxMail(ctx, &musicify.OutboxMail{To: m.To, Subject: m.Subject, Text: m.Text}); err != nil {
		return err
	}
	// Neither subject nor text: both hold sign-up and reset codes, and a
	// log is read by more people and tools than the database.
	o.Logger.Info("mail kept instead of sent (no MUSICIFY_SMTP_URL): read it with `musicify mail` on this server",
		"to", m.To)
	return nil
}
