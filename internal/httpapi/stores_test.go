package httpapi_test

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

var codeInText = regexp.MustCompile(`\b(\d{6})\b`)

// signUpFromOutbox registers username with the code read from the dev
// outbox, as someone trying Musicify without SMTP does.
func (e *env) signUpFromOutbox(username, email, password string) *client {
	e.t.Helper()
	c := e.client()
	if r := c.post("/api/auth/cheak", creds{"username": username, "email": email, "password": password}); r.Status != 200 {
		e.t.Fatalf("cheak %s: %d %s", username, r.Status, r.Raw)
	}
	var mails []struct{ Subject, Text string }
	r := c.get("/dev/mail.json?to=" + url.QueryEscape(email))
	if err := jsonUnmarshal([]byte(r.Raw), &mails); err != nil || len(mails) == 0 {
		e.t.Fatalf("the dev outbox has no mail to %s: %d %s", email, r.Status, r.Raw)
	}
	code := codeInText.FindString(mails[0].Subject)
	if code == "" || !strings.Contains(mails[0].Text, code) {
		e.t.Fatalf("no code in the mail to %s: %+v", email, mails[0])
	}
	if r := c.post("/api/auth/signup", creds{"username": username, "email": email, "password": password, "otp": code}); r.Status != 200 {
		e.t.Fatalf("signup %s: %d %s", username, r.Status, r.Raw)
	}
	return c
}

// What a person does in a day, through the real API, on every store: the
// PostgreSQL store had only been tested below the API.
func TestAPersonsDayWorksOnEveryStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		e := newEnvWith(t, envOptions{Open: open, Outbox: true})
		jazz := e.signUpFromOutbox("jazz-trio", "jazz@example.com", "secret1")
		j1, j2, j3 := jazz.song(t, "Midnight Harbour", "sine.mp3"), jazz.song(t, "Velvet Night", "sine.ogg"), jazz.song(t, "Slow Brass", "sine.wav")
		rock := e.signUpFromOutbox("rock-band", "rock@example.com", "secret1")
		r1 := rock.song(t, "Thunder Road", "chime-3s.mp3")
		fan := e.signUpFromOutbox("jazzfan", "fan@example.com", "secret1")
		for _, id := range []string{j1, j2, j3} {
			expect(t, fan.post("/api/view/increase", creds{"song": id}), 200, "")
		}
		e.signUpFromOutbox("ann", "ann@example.com", "secret1")

		t.Run("logging in", func(t *testing.T) {
			expect(t, e.client().post("/api/auth/login", creds{"username": "ann", "password": "wrong1"}), 401, "")
		})
		ann := e.client()
		expect(t, ann.post("/api/auth/login", creds{"username": "ann", "password": "secret1"}), 200, "success")

		t.Run("search finds a new song, with a typo too", func(t *testing.T) {
			for _, q := range []string{"harbour", "midnite harbor", "HARB"} {
				r := ann.post("/api/search/song", creds{"song": q})
				if !strings.HasPrefix(r.Raw, `[{"_id":"`+j1+`"`) {
					t.Errorf("searching %q: %d %s", q, r.Status, r.Raw)
				}
			}
			if r := ann.get("/api/search?q=thunder"); !strings.Contains(r.Raw, r1) || strings.Contains(r.Raw, j1) {
				t.Errorf("searching everything for thunder: %s", r.Raw)
			}
		})

		t.Run("a liked song is in liked songs and steers recommendations", func(t *testing.T) {
			expect(t, ann.post("/api/like/add", creds{"song": j1}), 200, "success")
			if liked := ids(t, ann.get("/api/like/all")); fmt.Sprint(liked) != fmt.Sprint([]string{j1}) {
				t.Fatalf("liked songs: %v", liked)
			}
			r := ann.get("/api/recommend/all")
			got := ids(t, r)
			if len(got) < 2 || got[0] == r1 || got[1] == r1 || got[0] == j1 {
				t.Fatalf("after liking jazz: %v (want %s and %s before %s)", got, j2, j3, r1)
			}
			// Each says why: the first two, because ann liked Midnight Harbour.
			var recs []struct {
				ID     string `json:"_id"`
				Reason struct{ Kind, Text, SongID string }
			}
			_ = jsonUnmarshal([]byte(r.Raw), &recs)
			for _, rec := range recs[:2] {
				if rec.Reason.Kind != "because" || rec.Reason.Text != "Because you played Midnight Harbour" || rec.Reason.SongID != j1 {
					t.Errorf("the reason for %s: %+v", rec.ID, rec.Reason)
				}
			}
			// A restarted server learns the same from the store alone.
			engine := recommend.New(e.Clock.Now)
			if err := engine.Load(context.Background(), e.DB); err != nil {
				t.Fatal(err)
			}
			if again := engine.ForUser(ann.id(t), 2, recommend.Options{}); fmt.Sprint(again) != fmt.Sprint(got[:2]) {
				t.Errorf("recommendations loaded from the store: %v, want %v", again, got[:2])
			}
		})

		t.Run("playlists: create, add, reorder", func(t *testing.T) {
			r := ann.post("/api/playlist/create", creds{"name": "Late"})
			expect(t, r, 200, "success")
			id := playlistIn(r)["_id"].(string)
			for _, s := range []string{j1, j2, r1} {
				expect(t, ann.do("PUT", "/api/playlist/add", creds{"id": id, "songs": s}), 200, "success")
			}
			expect(t, ann.do("PUT", "/api/playlist/"+id+"/order", map[string]any{"songs": []string{r1, j1, j2}}), 200, "success")
			if _, got := ann.detail(t, id); fmt.Sprint(got) != fmt.Sprint([]string{r1, j1, j2}) {
				t.Fatalf("after reordering: %v", got)
			}
			if found := ann.post("/api/playlist/search", creds{"name": "lat"}); !strings.Contains(found.Raw, id) {
				t.Errorf("playlist search: %s", found.Raw)
			}
		})

		t.Run("following", func(t *testing.T) {
			expect(t, ann.post("/api/auth/allfollow", creds{"id": jazz.id(t)}), 200, "success")
			if f := ann.get("/api/auth/followings"); !strings.Contains(f.Raw, `"followingusername":"jazz-trio"`) {
				t.Fatalf("followings: %s", f.Raw)
			}
			if f := jazz.get("/api/auth/followers"); !strings.Contains(f.Raw, `"followerusername":"ann"`) {
				t.Fatalf("followers: %s", f.Raw)
			}
		})

		t.Run("a radio station", func(t *testing.T) {
			start := e.Clock.Now().Add(-time.Second).Format(time.RFC3339)
			r := jazz.createStation(t, "Night Shift", start, readFixture(t, "audio", "tune-12s.mp3"))
			expect(t, r, 200, "success")
			id := r.Body["station"].(map[string]any)["_id"].(string)
			if s := ann.get("/api/radio/" + id).Body; s["live"] != true || s["radio_name"] != "Night Shift" {
				t.Fatalf("the station as a listener sees it: %v", s)
			}
			if all := ann.get("/api/radio/all"); !strings.Contains(all.Raw, id) {
				t.Fatalf("all stations: %s", all.Raw)
			}
		})
	})
}

// id is the signed-in user's id, from their profile.
func (c *client) id(t *testing.T) string {
	t.Helper()
	id, _ := c.get("/api/auth/profile").Body["_id"].(string)
	if id == "" {
		t.Fatal("no profile")
	}
	return id
}
