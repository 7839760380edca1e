package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/musicify/musicify/internal/admin"
	"github.com/musicify/musicify/internal/assistant"
	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/bus"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/connect"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/jam"
	mailer "github.com/musicify/musicify/internal/mail"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
	"github.com/musicify/musicify/internal/radio"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/search"
	"github.com/musicify/musicify/internal/social"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/testclock"
	"github.com/musicify/musicify/internal/testserver"
	"github.com/musicify/musicify/internal/testsmtp"
)

// env is a full server on a real store (SQLite unless asked) and a real SMTP server.
type env struct {
	t     testing.TB
	URL   string
	DB    *sqlstore.DB
	SMTP  *testsmtp.Server
	Clock *testclock.Clock
	Log   *bytes.Buffer
	// Media is the blob root; Catalog the song service behind the API.
	Media   string
	Blobs   *blob.Local
	Catalog *catalog.Service
	// Sleeps records the login delays the service asked for, without waiting.
	Sleeps *sleeps
}

// sleeps records waits instead of waiting them, and moves the clock on
// by each as real waiting would; a test that needs many waits to start at
// one instant stops the clock (clock nil).
type sleeps struct {
	mu    sync.Mutex
	all   []time.Duration
	clock *testclock.Clock
}

func (s *sleeps) sleep(_ context.Context, d time.Duration) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.all = append(s.all, d)
	if s.clock != nil {
		s.clock.Advance(d)
	}
	return nil
}

func (s *sleeps) last() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.all) == 0 {
		return 0
	}
	return s.all[len(s.all)-1]
}

// cheapHash keeps the race-enabled suite fast; the real cost is tested in auth.
var cheapHash = auth.Argon2Params{Memory: 64, Time: 1, Threads: 1}

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	os.Exit(code)
}

// envOptions choose what newEnvWith builds the server on.
type envOptions struct {
	Open   storetest.Opener // the store: SQLite when nil
	Outbox bool             // mail is kept in the dev outbox (/dev/mail.json) instead of sent
	Admins []string         // MUSICIFY_ADMIN
}

func newEnv(t testing.TB, tweak ...func(*httpapi.Server)) *env {
	t.Helper()
	return newEnvWith(t, envOptions{}, tweak...)
}

func newEnvWith(t testing.TB, o envOptions, tweak ...func(*httpapi.Server)) *env {
	t.Helper()
	if o.Open == nil {
		o.Open = storetest.SQLite
	}
	db := o.Open(t)
	clk := testclock.New(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	db.Now = clk.Now
	engine := recommend.New(clk.Now)
	hub := radio.NewLocalHub()
	db.Events = &bus.Publisher{Local: []*bus.Follower{bus.NewFollower(db, 0, engine.Apply)}}
	smtpSrv := testsmtp.Start(t)

	ts := httptest.NewUnstartedServer(nil)
	ts.Start()
	t.Cleanup(ts.Close)
	base, _ := url.Parse(ts.URL)
	logs := &bytes.Buffer{}
	logger := slog.New(slog.NewTextHandler(&lockedWriter{w: logs}, &slog.HandlerOptions{Level: slog.LevelDebug}))

	var m musicify.Mailer = &mailer.SMTP{URL: smtpSrv.URL(), From: &mail.Address{Name: "Musicify", Address: "no-reply@musicify.test"}}
	if o.Outbox {
		m = &mailer.Outbox{Store: db, Logger: logger}
	}
	waits := &sleeps{clock: clk}
	admins := &admin.Service{Store: db, BaseURL: ts.URL, Now: clk.Now, Logger: logger, Admins: o.Admins}
	svc := auth.NewService(db, m, auth.Options{Hash: cheapHash, Now: clk.Now, BaseURL: ts.URL, Sleep: waits.sleep, Signup: admins.SignupMode, Admins: o.Admins})
	mediaDir := filepath.Join(t.TempDir(), "media")
	blobs, err := blob.NewLocal(mediaDir)
	if err != nil {
		t.Fatal(err)
	}
	library := &catalog.Service{Songs: db, Blobs: blobs, Probe: media.NewProber(), Logger: logger, Now: clk.Now}
	admins.Catalog = library
	admins.Blobs = blobs
	like := &recommend.Like{Engine: engine, Store: db, Features: db}
	api := &httpapi.Server{
		Accounts: svc, Users: db, Songs: db, Features: db, Albums: db, Catalog: library, Blobs: blobs, SpoolDir: blobs.TempDir(), MaxUploadMB: 5, RequestKeys: db,
		Playlists: &playlists.Service{Store: db, Blobs: blobs, Logger: logger}, Shares: db,
		Social:      &social.Service{Store: db, Now: clk.Now},
		Search:      &search.Service{Index: db, Logger: logger},
		Recommender: engine, Like: like, Interests: db, History: db, Mixes: db, Now: clk.Now, Media: mediaurl.New([]byte("a test secret of thirty-two bytes"), clk.Now),
		Radio:    &radio.Service{Store: db, Blobs: blobs, Probe: media.NewProber(), Logger: logger, Now: clk.Now},
		Presence: radio.NewPresence(hub), Hub: hub,
		Ping: db.Ping, Logger: logger, BaseURL: base, Version: "test", Admin: admins, JobStats: db,
		Web: fstest.MapFS{
			"index.html":         {Data: []byte("<!doctype html><title>Musicify</title>")},
			"assets/app-1a2b.js": {Data: []byte("console.log(1)")},
			"favicon.svg":        {Data: []byte("<svg/>")},
		},
	}
	if o.Outbox {
		api.Outbox = db
	}
	api.Jams = &jam.Service{Store: db, Songs: db, Hub: hub, Now: clk.Now}
	api.Devices = &connect.Service{Store: db, Hub: hub, Now: clk.Now}
	api.Assistant = &assistant.Builtin{Catalog: &assistant.Catalog{Search: api.Search, Songs: db, Users: db, Playlists: db, Recommender: engine, Like: like}}
	for _, f := range tweak {
		f(api)
	}
	ts.Config.Handler = api.Handler()
	return &env{t: t, URL: ts.URL, DB: db, SMTP: smtpSrv, Clock: clk, Log: logs, Media: mediaDir, Blobs: blobs, Catalog: library, Sleeps: waits}
}

type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// client is one browser: it keeps cookies and never follows redirects.
type client struct {
	e    *env
	http *http.Client
	// Header is added to every request.
	Header http.Header
}

func (e *env) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{e: e, Header: http.Header{}, http: &http.Client{
		Jar:           jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// reply is an answer with its JSON body decoded.
type reply struct {
	Status  int
	Body    map[string]any
	Raw     string
	Header  http.Header
	Cookies []*http.Cookie
}

func (r reply) msg() string { s, _ := r.Body["message"].(string); return s }

func (c *client) do(method, path string, body any) reply {
	c.e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			c.e.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, c.e.URL+path, rd)
	if err != nil {
		c.e.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	return c.send(req)
}

// send sends req with the client's own headers and reads the JSON answer.
func (c *client) send(req *http.Request) reply {
	c.e.t.Helper()
	for k, v := range c.Header {
		req.Header[k] = v
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := reply{Status: res.StatusCode, Raw: string(raw), Header: res.Header, Cookies: res.Cookies()}
	_ = json.Unmarshal(raw, &r.Body)
	return r
}

func (c *client) post(path string, body any) reply { return c.do(http.MethodPost, path, body) }
func (c *client) get(path string) reply            { return c.do(http.MethodGet, path, nil) }

type creds = map[string]string

var codeInSubject = regexp.MustCompile(`^(\d{6}) is your Musicify`)

// code reads the 6-digit code from the n-th mail to addr.
func (e *env) code(addr string, n int) string {
	e.t.Helper()
	m := e.SMTP.WaitFor(e.t, addr, n)
	match := codeInSubject.FindStringSubmatch(m.Subject())
	if match == nil || !strings.Contains(m.Body, match[1]) {
		e.t.Fatalf("mail to %s has no code: subject %q body %q", addr, m.Subject(), m.Body)
	}
	return match[1]
}

// signUp registers username through the real mail flow and returns its signed-in client.
func (e *env) signUp(username, email, password string) *client {
	e.t.Helper()
	c := e.client()
	if r := c.post("/api/auth/cheak", creds{"username": username, "email": email, "password": password}); r.Status != 200 {
		e.t.Fatalf("cheak %s: %d %s", username, r.Status, r.Raw)
	}
	code := e.code(email, e.SMTP.Count(email))
	if r := c.post("/api/auth/signup", creds{"username": username, "email": email, "password": password, "otp": code}); r.Status != 200 {
		e.t.Fatalf("signup %s: %d %s", username, r.Status, r.Raw)
	}
	return c
}

func expect(t *testing.T, r reply, status int, message string) {
	t.Helper()
	if r.Status != status || (message != "" && r.msg() != message) {
		t.Fatalf("got %d %s, want %d %q", r.Status, strings.TrimSpace(r.Raw), status, message)
	}
}
