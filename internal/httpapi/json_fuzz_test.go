package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/musicify/musicify/internal/apppass"
	"github.com/musicify/musicify/internal/httpapi"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// fuzzEnv is the real server with a signed-in user, called in process so a
// fuzz input runs the whole stack (middleware included) without a socket.
type fuzzEnv struct {
	*env
	srv      *httpapi.Server
	h        http.Handler
	session  *http.Cookie
	song     string   // id of the user's song (sine.mp3 with cover.jpg)
	media    []string // its audio, download and cover URLs
	playlist string   // id of the user's playlist "mix"
	other    string   // id of another user
}

func newFuzzEnv(f *testing.F) *fuzzEnv {
	var srv *httpapi.Server
	var appPasswords *apppass.Service
	e := newEnv(f, withAppPasswords(f, &appPasswords), func(s *httpapi.Server) {
		// Fuzzing sends thousands of chats from one user on a stopped clock.
		s.Limits = httpapi.Limits{ChatPerMinute: 1 << 30, VoicePerMinute: 1 << 30}
		srv = s
	})
	// The pure-Go checks: an upload that gets through the form costs no
	// ffprobe process, and they are the ones that must hold hostile files.
	e.Catalog.Probe = media.Native{}
	c := e.signUp("fuzzer", "fuzzer@example.com", "fuzz-password-1")
	fe := &fuzzEnv{env: e, srv: srv, h: srv.Handler()}
	base, _ := url.Parse(e.URL)
	for _, ck := range c.http.Jar.Cookies(base) {
		if ck.Name == "musicify_session" {
			fe.session = ck
		}
	}
	if fe.session == nil {
		f.Fatal("no session cookie after sign-up")
	}
	r := c.upload(upload{name: "sine", audio: readFixture(f, "audio", "sine.mp3"), cover: readFixture(f, "images", "cover.jpg")})
	song, _ := r.Body["song"].(map[string]any)
	fe.song, _ = song["_id"].(string)
	for _, k := range []string{"audio", "download", "cover"} {
		if u, _ := song[k].(string); strings.HasPrefix(u, "/media/") {
			fe.media = append(fe.media, u)
		}
	}
	r = c.post("/api/playlist/create", map[string]string{"name": "mix"})
	list, _ := r.Body["playlist"].(map[string]any)
	fe.playlist, _ = list["_id"].(string)
	other := &musicify.User{Username: "other", Email: "other@example.com"}
	if err := e.DB.CreateUser(context.Background(), other); err != nil {
		f.Fatal(err)
	}
	fe.other = other.ID
	if fe.song == "" || fe.playlist == "" || len(fe.media) != 3 {
		f.Fatalf("setting up: song %q, playlist %q, media %q", fe.song, fe.playlist, fe.media)
	}
	return fe
}

// serve sends a request as the signed-in user and checks what every answer
// promises: never a 5xx for anything a client sends, and an API error is
// JSON with a sentence in it.
func (fe *fuzzEnv) serve(t testing.TB, req *http.Request) *httptest.ResponseRecorder {
	t.Helper()
	req.AddCookie(fe.session)
	rec := record(fe.h, req)
	if rec.Code >= 500 {
		t.Fatalf("%s %s answered %d: %s\nlog: %s", req.Method, req.URL.Path, rec.Code, rec.Body, logTail(fe.Log.String()))
	}
	if rec.Code >= 400 && strings.HasPrefix(req.URL.Path, "/api/") {
		var m struct{ Message string }
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil || m.Message == "" {
			t.Fatalf("%s %s answered %d without a message: %q", req.Method, req.URL.Path, rec.Code, rec.Body)
		}
	}
	return rec
}

// jsonRoutes is every route that reads a JSON body; {ref} is the user's playlist.
var jsonRoutes = []struct{ method, path, body string }{
	{"POST", "/api/auth/cheak", `{"username":"newbie","email":"newbie@example.com","password":"a-long-password"}`},
	{"POST", "/api/auth/resend", `{"email":"newbie@example.com"}`},
	{"POST", "/api/auth/signup", `{"username":"newbie","email":"newbie@example.com","password":"a-long-password","otp":"123456"}`},
	{"POST", "/api/auth/login", `{"username":"fuzzer","password":"wrong"}`},
	{"POST", "/api/auth/getotp", `{"email":"fuzzer@example.com"}`},
	{"POST", "/api/auth/verifyotp", `{"email":"fuzzer@example.com","otp":"000000"}`},
	{"PUT", "/api/auth/changepass", `{"email":"fuzzer@example.com","otp":"000000","password":"another-password"}`},
	{"POST", "/api/auth/profile", `{"username":"fuzzer"}`},
	{"POST", "/api/auth/allfollow", `{"id":"{user}"}`},
	{"DELETE", "/api/playlist/deletefollower", `{"id":"{user}"}`},
	{"POST", "/api/playlist/followers", `{"username":"fuzzer"}`},
	{"POST", "/api/playlist/followings", `{"username":"fuzzer"}`},
	{"POST", "/api/view/increase", `{"song":"{song}"}`},
	{"POST", "/api/recommend/create", `{"song":"sine","artist":"fuzzer"}`},
	{"POST", "/api/playlist/create", `{"name":"another mix"}`},
	{"PUT", "/api/playlist/add", `{"id":"{ref}","songs":"{song}"}`},
	{"POST", "/api/playlist/search", `{"name":"mi"}`},
	{"PUT", "/api/playlist/{ref}", `{"name":"mix"}`},
	{"POST", "/api/playlist/{ref}", `{"song":"{song}"}`},
	{"PUT", "/api/playlist/{ref}/order", `{"songs":["{song}"]}`},
	{"POST", "/api/like/check", `{"song":"{song}"}`},
	{"POST", "/api/like/add", `{"song":"{song}"}`},
	{"POST", "/api/search/song", `{"song":"sin"}`},
	{"POST", "/api/search/artist", `{"artist":"fuz"}`},
	{"POST", "/api/search/playlist", `{"name":"mix"}`},
	{"POST", "/api/search/follower", `{"name":"fuz"}`},
	{"POST", "/api/recommend/share", `{"value":"song","id":"{song}"}`},
	{"POST", "/api/assistant/chat", `{"message":"play something like sine","history":[{"role":"user","content":"hi"}]}`},
	{"POST", "/api/app-passwords", `{"name":"Phone"}`},
}

// FuzzJSONBodies posts arbitrary bytes to every JSON route of the real
// server (route picks one of jsonRoutes). Seeds: a valid body for each
// route, and malformed ones under testdata/fuzz.
func FuzzJSONBodies(f *testing.F) {
	fe := newFuzzEnv(f)
	ids := strings.NewReplacer("{song}", fe.song, "{ref}", fe.playlist, "{user}", fe.other)
	for i, r := range jsonRoutes {
		f.Add(uint8(i), []byte(ids.Replace(r.body)))
	}
	f.Fuzz(func(t *testing.T, route uint8, body []byte) {
		r := jsonRoutes[int(route)%len(jsonRoutes)]
		req := httptest.NewRequest(r.method, strings.ReplaceAll(r.path, "{ref}", fe.playlist), bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		fe.serve(t, req)
	})
}

// logTail is the end of the server log, which says what failed.
func logTail(log string) string {
	lines := strings.Split(strings.TrimSpace(log), "\n")
	return strings.Join(lines[max(0, len(lines)-3):], "\n")
}
