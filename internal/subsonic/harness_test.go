package subsonic_test

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	gosubsonic "github.com/supersonic-app/go-subsonic/subsonic"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/bus"
	"github.com/musicify/musicify/internal/catalog"
	"github.com/musicify/musicify/internal/covers"
	"github.com/musicify/musicify/internal/httpapi"
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
	"github.com/musicify/musicify/internal/subsonic"
	"github.com/musicify/musicify/internal/subsonic/subsonictest"
	"github.com/musicify/musicify/internal/testclock"
	"github.com/musicify/musicify/internal/testserver"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	os.Exit(code)
}

// appPasswords stands in for the real app passwords (stored encrypted by
// another part of the server): one known password per user, checked with
// the real Subsonic math, and API keys.
type appPasswords struct {
	mu       sync.Mutex
	users    map[string]*musicify.User // by lower-cased username
	password map[string]string         // by user id
	keys     map[string]*musicify.User
	addrs    []string // the client addresses it was given
}

func (a *appPasswords) CheckSubsonic(_ context.Context, c musicify.SubsonicCredentials, addr string) (*musicify.User, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.addrs = append(a.addrs, addr)
	wrong := musicify.Errorf(musicify.EUNAUTHORIZED, "Wrong username or password.")
	if c.APIKey != "" {
		if u := a.keys[c.APIKey]; u != nil {
			return u, nil
		}
		return nil, wrong
	}
	u := a.users[strings.ToLower(c.Username)]
	if u == nil {
		return nil, wrong
	}
	pw := a.password[u.ID]
	if c.Token != "" {
		sum := md5.Sum([]byte(pw + c.Salt))
		if hex.EncodeToString(sum[:]) == c.Token {
			return u, nil
		}
		return nil, wrong
	}
	if c.Password == pw {
		return u, nil
	}
	return nil, wrong
}

// env is the whole server on a real store, with a small library.
type env struct {
	t      *testing.T
	URL    string
	DB     *sqlstore.DB
	Blobs  *blob.Local
	Clock  *testclock.Clock
	Auth   *appPasswords
	Engine *recommend.Engine
	Logger *slog.Logger
	// Subsonic is the server under test, for the fields a test sets
	// before its first call (a Scanner).
	Subsonic *subsonic.Server
	ctx      context.Context
}

func newEnv(t *testing.T, open storetest.Opener) *env {
	t.Helper()
	if open == nil {
		open = storetest.SQLite
	}
	db := open(t)
	clk := testclock.New(time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC))
	db.Now = clk.Now
	engine := recommend.New(clk.Now)
	db.Events = &bus.Publisher{Local: []*bus.Follower{bus.NewFollower(db, 0, engine.Apply)}}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	blobs, err := blob.NewLocal(filepath.Join(t.TempDir(), "media"))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(nil)
	t.Cleanup(ts.Close)
	base, _ := url.Parse(ts.URL)
	library := &catalog.Service{Songs: db, Blobs: blobs, Probe: media.NewProber(), FFmpeg: media.NewFFmpeg(), Logger: logger, Now: clk.Now}
	checker := &appPasswords{users: map[string]*musicify.User{}, password: map[string]string{}, keys: map[string]*musicify.User{}}
	api := &httpapi.Server{
		Accounts: auth.NewService(db, &mailer.Outbox{Store: db, Logger: logger}, auth.Options{Now: clk.Now}),
		Users:    db, Songs: db, Albums: db, Catalog: library, Blobs: blobs,
		Playlists:   &playlists.Service{Store: db, Blobs: blobs, Logger: logger},
		Social:      &social.Service{Store: db, Now: clk.Now},
		Search:      &search.Service{Index: db, Logger: logger},
		Recommender: engine, Like: &recommend.Like{Engine: engine, Store: db}, Interests: db, Now: clk.Now,
		Media: mediaurl.New([]byte("a test secret of thirty-two bytes"), clk.Now),
		Radio: &radio.Service{Store: db, Blobs: blobs, Logger: logger, Now: clk.Now},
		Ping:  db.Ping, Logger: logger, BaseURL: base, Version: "test",
	}
	sub := &subsonic.Server{
		Auth: checker, Users: db, Songs: db, Albums: db, Catalog: library, Playlists: api.Playlists, Social: api.Social,
		Search: api.Search, Store: db, Like: api.Like, Stations: db, Blobs: blobs, Media: api.Media,
		FFmpeg: library.FFmpeg, ClientAddr: api.ClientAddr, BaseURL: base, ServerVersion: "test", Logger: logger, Now: clk.Now,
	}
	api.Subsonic = sub
	ts.Config.Handler = api.Handler()
	return &env{t: t, URL: ts.URL, DB: db, Blobs: blobs, Clock: clk, Auth: checker, Engine: engine, Logger: logger,
		Subsonic: sub, ctx: context.Background()}
}

// user makes an account with an app password (and an API key).
func (e *env) user(name, appPassword string) *musicify.User {
	e.t.Helper()
	return e.account(&musicify.User{Username: name, Email: name + "@example.com", PasswordHash: "web-password-hash"}, appPassword)
}

// admin makes an admin's account, as user does.
func (e *env) admin(name, appPassword string) *musicify.User {
	e.t.Helper()
	return e.account(&musicify.User{Username: name, Email: name + "@example.com", PasswordHash: "web-password-hash", Admin: true}, appPassword)
}

func (e *env) account(u *musicify.User, appPassword string) *musicify.User {
	e.t.Helper()
	name := u.Username
	if err := e.DB.CreateUser(e.ctx, u); err != nil {
		e.t.Fatal(err)
	}
	e.Auth.mu.Lock()
	defer e.Auth.mu.Unlock()
	e.Auth.users[strings.ToLower(name)] = u
	e.Auth.password[u.ID] = appPassword
	e.Auth.keys["key-of-"+name] = u
	return u
}

// track is a file of the library with its tags.
type track struct {
	file  string // in testdata/audio
	tags  musicify.TrackTags
	cover bool
	// coverImage is the cover's image file when not testdata's cover.jpg.
	coverImage string
	lyrics     string
}

// addTrack imports a library file as the scanner would, and returns its song.
func (e *env) addTrack(tr track) *musicify.Song {
	e.t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "audio", tr.file))
	if err != nil {
		e.t.Fatal(err)
	}
	path := filepath.Join(e.t.TempDir(), tr.file)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		e.t.Fatal(err)
	}
	info, err := media.NewProber().Probe(e.ctx, path)
	if err != nil {
		e.t.Fatal(err)
	}
	id := musicify.NewID()
	key := "songs/" + id + "/original." + info.Format
	if _, err := e.Blobs.Put(e.ctx, key, bytes.NewReader(b)); err != nil {
		e.t.Fatal(err)
	}
	s := &musicify.Song{ID: id, Name: tr.tags.Title, Format: info.Format, Duration: info.Duration, Bitrate: info.Bitrate,
		Size: int64(len(b)), SHA256: id, AudioKey: key, Text: tr.lyrics,
		LibraryPath: fmt.Sprintf("f1/%s/%s/%02d %s%s", tr.tags.Artist, tr.tags.Album, tr.tags.Track, tr.tags.Title, filepath.Ext(tr.file))}
	if tr.cover {
		img := tr.coverImage
		if img == "" {
			img = filepath.Join("..", "..", "testdata", "images", "cover.jpg")
		}
		if s.CoverKey, err = covers.Store(e.ctx, e.Blobs, e.Logger, img); err != nil {
			e.t.Fatal(err)
		}
	}
	if err := e.DB.AddLibrarySong(e.ctx, s, tr.tags); err != nil {
		e.t.Fatal(err)
	}
	e.Clock.Advance(time.Second) // each import a moment after the last: "newest" is well defined
	return s
}

// library is the catalog most tests share: one album of three tracks with
// a cover, and a single of another artist.
type library struct {
	harbor            []*musicify.Song // Neon Harbor — Night Lines, tracks 1 to 3
	single            *musicify.Song   // Velvet Static — Glass
	albumID, artistID string
}

func (e *env) library() library {
	e.t.Helper()
	gain := -6.5
	var l library
	for i, title := range []string{"Low Tide", "Harbour Lights", "Undertow"} {
		tags := musicify.TrackTags{Title: title, Artist: "Neon Harbor", AlbumArtist: "Neon Harbor", Album: "Night Lines",
			Track: i + 1, Disc: 1, Year: 2021, Genres: []string{"Synthwave"}, ReplayGainTrack: &gain, MBTrackID: fmt.Sprint("mb-", i)}
		file := "sine.mp3"
		if i == 2 {
			file = "tune-12s.mp3"
			tags.SyncedLyrics = "[ar:Neon Harbor]\n[00:01.50]Under the water\n[00:00.20]Down we go"
		}
		l.harbor = append(l.harbor, e.addTrack(track{file: file, tags: tags, cover: i == 0, lyrics: map[bool]string{true: "Down we go\nUnder the water"}[i == 2]}))
	}
	l.single = e.addTrack(track{file: "sine.ogg", tags: musicify.TrackTags{Title: "Glass", Artist: "Velvet Static", Album: "Glass", Year: 2019, Genres: []string{"Ambient"}}})
	l.albumID, l.artistID = l.harbor[0].AlbumID, l.harbor[0].ArtistID
	return l
}

// client is the go-subsonic client (Supersonic's), signed in with the
// token scheme; useJSON picks its format.
func (e *env) client(name, password string, useJSON bool) *gosubsonic.Client {
	e.t.Helper()
	c := &gosubsonic.Client{Client: &http.Client{Timeout: time.Minute, Transport: subsonictest.Transport(e.t, nil)}, BaseUrl: e.URL, User: name, ClientName: "test",
		UseJSON: useJSON, RequestedAPIVersion: "1.16.1"}
	if err := c.Authenticate(password); err != nil {
		e.t.Fatalf("signing in as %s: %v", name, err)
	}
	return c
}

// answer is a raw call's result.
type answer struct {
	Status int
	Header http.Header
	Body   []byte
	// Res is the JSON subsonic-response, for JSON calls.
	Res map[string]any
}

func (a answer) errorCode() int {
	e, ok := a.Res["error"].(map[string]any)
	if !ok {
		return -1
	}
	return int(e["code"].(float64))
}

// raw calls endpoint with params (auth included by the caller) and reads
// the answer; a JSON answer passes checkJSON.
func (e *env) raw(method, endpoint string, params url.Values, header ...string) answer {
	e.t.Helper()
	var req *http.Request
	var err error
	if method == http.MethodPost {
		req, err = http.NewRequest(method, e.URL+"/rest/"+endpoint, strings.NewReader(params.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		req, err = http.NewRequest(method, e.URL+"/rest/"+endpoint+"?"+params.Encode(), nil)
	}
	if err != nil {
		e.t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	a := answer{Status: res.StatusCode, Header: res.Header, Body: body}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		a.Res = checkJSON(e.t, endpoint, body)
	}
	return a
}

// creds is token authentication for name with its app password.
func creds(name, password string, more ...string) url.Values {
	v := url.Values{"u": {name}, "v": {"1.16.1"}, "c": {"test"}}
	salt := "c19b2d"
	sum := md5.Sum([]byte(password + salt))
	v.Set("t", hex.EncodeToString(sum[:]))
	v.Set("s", salt)
	for i := 0; i+1 < len(more); i += 2 {
		v.Add(more[i], more[i+1])
	}
	return v
}

// checkJSON is where every JSON answer of these tests passes: it checks
// the envelope every answer has, and is the one place to plug in a full
// OpenSubsonic schema check.
func checkJSON(t *testing.T, endpoint string, body []byte) map[string]any {
	t.Helper()
	var doc map[string]map[string]any
	if err := json.Unmarshal(body, &doc); err != nil {
		t.Fatalf("%s: not JSON: %v: %s", endpoint, err, body)
	}
	res, ok := doc["subsonic-response"]
	if !ok || len(doc) != 1 {
		t.Fatalf("%s: no subsonic-response: %s", endpoint, body)
	}
	if res["version"] != subsonic.Version || res["type"] != "musicify" || res["openSubsonic"] != true || res["serverVersion"] == nil ||
		(res["status"] != "ok" && res["status"] != "failed") || (res["status"] == "failed") != (res["error"] != nil) {
		t.Fatalf("%s: bad envelope: %s", endpoint, body)
	}
	if !slices.Contains(subsonictest.Endpoints(), endpoint) {
		return res // an unknown call's error has only the envelope, checked above
	}
	if err := subsonictest.CheckResponse(endpoint, body); err != nil {
		t.Errorf("%s does not follow the OpenSubsonic schema: %v", endpoint, err)
	}
	return res
}
