package httpapi_test

import (
	"bytes"
	"net/url"
	"strings"
	"testing"
	"time"
)

// signedSong uploads a song as a new user and returns the user's client,
// the song's id, its audio URL and its bytes.
func signedSong(t *testing.T, e *env, name string) (*client, string, string, []byte) {
	t.Helper()
	c := e.signUp(name, name+"@example.com", "secret1")
	audio := readFixture(t, "audio", "tune-12s.mp3")
	s := songIn(c.upload(upload{name: "Signed " + name, audio: audio}))
	u := s["audio"].(string)
	if !strings.HasPrefix(u, "/media/s/songs/"+s["_id"].(string)+"/original.mp3?") {
		t.Fatalf("audio url %q is not signed", u)
	}
	return c, s["_id"].(string), u, audio
}

func TestASignedURLStreamsWithoutASessionOrADatabase(t *testing.T) {
	e := newEnv(t)
	c, id, audioURL, audio := signedSong(t, e, "sig")
	download := c.get("/api/songs/" + id).Body["download"].(string)
	// Nothing below may reach the database: it is closed.
	if err := e.DB.Close(); err != nil {
		t.Fatal(err)
	}
	anon := e.client()
	res, got := anon.fetch(audioURL, "Range", "bytes=1000-66535")
	if res.StatusCode != 206 || !bytes.Equal(got, audio[1000:66536]) || res.Header.Get("Accept-Ranges") != "bytes" ||
		!strings.HasPrefix(res.Header.Get("Cache-Control"), "private, max-age=") || res.Header.Get("ETag") == "" {
		t.Fatalf("range: %d, %d bytes, %v", res.StatusCode, len(got), res.Header)
	}
	if res, _ := anon.fetch(audioURL, "If-None-Match", res.Header.Get("ETag")); res.StatusCode != 304 {
		t.Errorf("If-None-Match: %d", res.StatusCode)
	}
	res, got = anon.fetch(download)
	if res.StatusCode != 200 || !bytes.Equal(got, audio) ||
		res.Header.Get("Content-Disposition") != `attachment; filename="Signed sig.mp3"; filename*=UTF-8''Signed%20sig.mp3` {
		t.Fatalf("download: %d %q", res.StatusCode, res.Header.Get("Content-Disposition"))
	}
}

func TestBrokenSignedURLsAreRefused(t *testing.T) {
	e := newEnv(t)
	_, _, audioURL, _ := signedSong(t, e, "ann")
	_, _, otherURL, _ := signedSong(t, e, "bob")
	base, _ := url.Parse(audioURL)
	otherQ, _ := url.Parse(otherURL)
	with := func(change func(q url.Values)) string {
		q := base.Query()
		change(q)
		return base.Path + "?" + q.Encode()
	}
	invalid := "This media link is not valid. Open the song in Musicify again."
	for _, tc := range []struct{ name, url string }{
		{"a changed signature", with(func(q url.Values) { q.Set("sig", strings.Repeat("A", 43)) })},
		{"another user's id", with(func(q url.Values) { q.Set("u", otherQ.Query().Get("u")) })},
		{"another user's signature", with(func(q url.Values) { q.Set("sig", otherQ.Query().Get("sig")) })},
		{"a later expiry", with(func(q url.Values) { q.Set("exp", "99999999999") })},
		{"a download name added", with(func(q url.Values) { q.Set("dl", "x.mp3") })},
		{"no signature", with(func(q url.Values) { q.Del("sig") })},
		{"another song's path", otherQ.Path + "?" + base.RawQuery},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expect(t, e.client().get(tc.url), 403, invalid)
		})
	}

	t.Run("an expired URL", func(t *testing.T) {
		e.Clock.Advance(8 * time.Hour)
		expect(t, e.client().get(audioURL), 410, "This media link has expired. Open the song in Musicify again.")
	})
}

func TestAnExpiredURLSendsASignedInPlayerToTheSessionCheckedOne(t *testing.T) {
	e := newEnv(t)
	c, id, audioURL, _ := signedSong(t, e, "cat")
	e.Clock.Advance(7*time.Hour + time.Minute) // past the longest life
	res, _ := c.fetch(audioURL, "Range", "bytes=0-9")
	if res.StatusCode != 302 || res.Header.Get("Location") != "/media/songs/"+id+"/original.mp3" {
		t.Fatalf("expired with a session: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	if res, b := c.fetch(res.Header.Get("Location"), "Range", "bytes=0-9"); res.StatusCode != 206 || len(b) != 10 {
		t.Fatalf("session-checked URL: %d", res.StatusCode)
	}
	// The API signs a fresh one.
	fresh := c.get("/api/songs/" + id).Body["audio"].(string)
	if res, _ := e.client().fetch(fresh, "Range", "bytes=0-9"); fresh == audioURL || res.StatusCode != 206 {
		t.Fatalf("fresh URL %q: %d", fresh, res.StatusCode)
	}
}

func TestSignedURLsLastAnHourUnchanged(t *testing.T) {
	e := newEnv(t)
	c, id, first, _ := signedSong(t, e, "dan")
	e.Clock.Advance(59 * time.Minute) // the test clock starts on the hour
	if again := c.get("/api/songs/" + id).Body["audio"].(string); again != first {
		t.Fatalf("a minute later the URL changed: %q, then %q", first, again)
	}
}

func TestLoggingOutEndsTheSessionsMediaURLs(t *testing.T) {
	e := newEnv(t)
	c, id, audioURL, _ := signedSong(t, e, "eve")
	laptop := e.client()
	expect(t, laptop.post("/api/auth/login", creds{"username": "eve", "password": "secret1"}), 200, "success")
	laptopURL := laptop.get("/api/songs/" + id).Body["audio"].(string)

	expect(t, c.post("/api/auth/logout", nil), 200, "success")
	expect(t, e.client().get(audioURL), 403, "This media link ended with the session that made it. Sign in and open the song again.")
	if res, _ := e.client().fetch(laptopURL, "Range", "bytes=0-9"); res.StatusCode != 206 {
		t.Fatalf("another session's URL after the logout: %d", res.StatusCode)
	}
}

func TestAPasswordResetEndsEveryMediaURLOfTheAccount(t *testing.T) {
	e := newEnv(t)
	c, id, audioURL, _ := signedSong(t, e, "fay")
	e.Clock.Advance(time.Second)
	expect(t, c.post("/api/auth/getotp", creds{"email": "fay@example.com"}), 200, "")
	code := e.code("fay@example.com", 2)
	if r := c.do("PUT", "/api/auth/changepass", creds{"email": "fay@example.com", "otp": code, "password": "newpass"}); r.Status != 200 {
		t.Fatalf("changepass: %d %s", r.Status, r.Raw)
	}
	expect(t, e.client().get(audioURL), 403, "This media link ended with the session that made it. Sign in and open the song again.")

	e.Clock.Advance(time.Second)
	again := e.client()
	expect(t, again.post("/api/auth/login", creds{"username": "fay", "password": "newpass"}), 200, "success")
	if res, _ := e.client().fetch(again.get("/api/songs/" + id).Body["audio"].(string), "Range", "bytes=0-9"); res.StatusCode != 206 {
		t.Fatalf("a new session's URL: %d", res.StatusCode)
	}
}
