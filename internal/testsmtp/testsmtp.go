// Package testsmtp runs a real SMTP server inside a test (or a test harness) and hands over the
// mails it receives, so mail paths are tested over the wire, not mocked.
package testsmtp

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/mail"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Credentials the server accepts.
const (
	User     = "musicify"
	Password = "s3cret-smtp"
)

// Message is one received mail, parsed.
type Message struct {
	From, To string
	Header   mail.Header
	Body     string // decoded text
	Raw      []byte
}

// Server is a running SMTP server.
type Server struct {
	Addr string
	mu   sync.Mutex
	msgs []Message
	cond *sync.Cond
	srv  *smtp.Server
}

// Start runs a server on a loopback port until the test ends. It requires
// AUTH PLAIN with User and Password.
func Start(t testing.TB) *Server {
	t.Helper()
	s, err := Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// Listen runs a server on addr until Close, for programs that are not
// tests (the end-to-end harnesses, the soak bench).
func Listen(addr string) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	s := &Server{Addr: ln.Addr().String()}
	s.cond = sync.NewCond(&s.mu)
	srv := smtp.NewServer(backend{s})
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	s.srv = srv
	go func() { _ = srv.Serve(ln) }()
	return s, nil
}

// Close stops the server.
func (s *Server) Close() error { return s.srv.Close() }

// URL is the MUSICIFY_SMTP_URL of this server.
func (s *Server) URL() *url.URL {
	return &url.URL{Scheme: "smtp", User: url.UserPassword(User, Password), Host: s.Addr}
}

// WaitFor returns the n-th (from 1) mail to addr, waiting up to 10 seconds.
func (s *Server) WaitFor(t testing.TB, addr string, n int) Message {
	t.Helper()
	m, err := s.Wait(addr, n, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Wait returns the n-th (from 1) mail to addr, waiting up to d for it.
func (s *Server) Wait(addr string, n int, d time.Duration) (Message, error) {
	deadline := time.Now().Add(d)
	timer := time.AfterFunc(d, func() { s.cond.Broadcast() })
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		seen := 0
		for _, m := range s.msgs {
			if strings.EqualFold(m.To, addr) {
				if seen++; seen == n {
					return m, nil
				}
			}
		}
		if time.Now().After(deadline) {
			return Message{}, fmt.Errorf("no mail #%d to %s within %s (got %d mails in all)", n, addr, d, len(s.msgs))
		}
		s.cond.Wait()
	}
}

// Count is how many mails went to addr.
func (s *Server) Count(addr string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, m := range s.msgs {
		if strings.EqualFold(m.To, addr) {
			n++
		}
	}
	return n
}

type backend struct{ s *Server }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s      *Server
	authed bool
	from   string
	to     []string
}

func (ss *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != User || pass != Password {
			return errors.New("invalid credentials")
		}
		ss.authed = true
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if !ss.authed {
		return smtp.ErrAuthRequired
	}
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	msg, err := mail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		return err
	}
	body, err := decodeBody(msg)
	if err != nil {
		return err
	}
	ss.s.mu.Lock()
	for _, to := range ss.to {
		ss.s.msgs = append(ss.s.msgs, Message{From: ss.from, To: to, Header: msg.Header, Body: body, Raw: raw})
	}
	ss.s.mu.Unlock()
	ss.s.cond.Broadcast()
	return nil
}

func (ss *session) Reset()        { ss.from, ss.to = "", nil }
func (ss *session) Logout() error { return nil }
