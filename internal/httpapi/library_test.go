package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// song uploads a small song for c and returns its id.
func (c *client) song(t *testing.T, name, fixtureFile string) string {
	t.Helper()
	r := c.upload(upload{name: name, audio: readFixture(t, "audio", fixtureFile)})
	expect(t, r, 200, "success")
	return songIn(r)["_id"].(string)
}

func playlistIn(r reply) map[string]any {
	p, _ := r.Body["playlist"].(map[string]any)
	return p
}

// detail reads GET /playlist/{ref}: the original client's array with one item.
func (c *client) detail(t *testing.T, ref string) (map[string]any, []string) {
	t.Helper()
	req, _ := http.NewRequest("GET", c.e.URL+"/api/playlist/"+ref, nil)
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var list []map[string]any
	if err := jsonDecode(res.Body, &list); err != nil || res.StatusCode != 200 || len(list) != 1 {
		t.Fatalf("GET playlist %s: %d %v %v", ref, res.StatusCode, list, err)
	}
	var ids []string
	for _, s := range list[0]["songs"].([]any) {
		ids = append(ids, s.(map[string]any)["_id"].(string))
	}
	return list[0], ids
}

func TestPlaylistsFromCreationToDeletion(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("ivan", "ivan@example.com", "secret1")
	a, b, d := c.song(t, "A", "sine.mp3"), c.song(t, "B", "sine.ogg"), c.song(t, "C", "sine.wav")

	r := c.post("/api/playlist/create", creds{"name": "  Road  Trip 2 "})
	expect(t, r, 200, "success")
	p := playlistIn(r)
	id := p["_id"].(string)
	if p["name"] != "Road  Trip 2" || p["id"] != id || p["cover"] != "/default-cover.svg" || p["owner"] != "ivan" || p["mine"] != true {
		t.Fatalf("created: %v", p)
	}
	expect(t, c.post("/api/playlist/create", creds{"name": "road  trip 2"}), 409, "You already have a playlist called “road  trip 2”.")
	expect(t, c.post("/api/playlist/create", creds{"name": "   "}), 400, "Please give the playlist a name.")
	expect(t, c.post("/api/playlist/create", creds{"name": strings.Repeat("x", 101)}), 400, "The playlist name is too long: at most 100 characters.")

	// Songs go in by id (PUT /playlist/add), by name, and by POST /playlist/{id}.
	expect(t, c.do("PUT", "/api/playlist/add", creds{"id": id, "songs": a}), 200, "success")
	expect(t, c.do("PUT", "/api/playlist/add", creds{"name": "ROAD  TRIP 2", "songs": b}), 200, "success")
	expect(t, c.post("/api/playlist/"+id, creds{"song": d}), 200, "success")
	expect(t, c.do("PUT", "/api/playlist/add", creds{"id": id, "songs": a}), 409, "This song is already in “Road  Trip 2”.")
	expect(t, c.do("PUT", "/api/playlist/add", creds{"id": id, "songs": "nope"}), 404, "This song does not exist.")
	if _, ids := c.detail(t, id); fmt.Sprint(ids) != fmt.Sprint([]string{a, b, d}) {
		t.Fatalf("order after adding: %v", ids)
	}
	if item, _ := c.detail(t, "Road  Trip 2"); item["_id"] != id || item["count"] != float64(3) {
		t.Fatalf("by name: %v", item)
	}

	expect(t, c.do("PUT", "/api/playlist/"+id+"/order", map[string]any{"songs": []string{d, a, b}}), 200, "success")
	if _, ids := c.detail(t, id); fmt.Sprint(ids) != fmt.Sprint([]string{d, a, b}) {
		t.Fatalf("order after reordering: %v", ids)
	}
	expect(t, c.do("PUT", "/api/playlist/"+id+"/order", map[string]any{"songs": []string{d, a}}), 400,
		"The new order must list every song of the playlist once. Reload the playlist and try again.")
	expect(t, c.do("DELETE", "/api/playlist/"+id+"/songs/"+a, nil), 200, "success")
	expect(t, c.do("DELETE", "/api/playlist/"+id+"/songs/"+a, nil), 404, "This song is not in the playlist.")
	if _, ids := c.detail(t, id); fmt.Sprint(ids) != fmt.Sprint([]string{d, b}) {
		t.Fatalf("after removing: %v", ids)
	}

	expect(t, c.do("PUT", "/api/playlist/"+id, creds{"name": "Night Drive"}), 200, "success")
	cover := c.playlistCover(t, map[string]string{"id": id}, readFixture(t, "images", "cover.png"))
	expect(t, cover, 200, "success")
	coverURL := playlistIn(cover)["cover"].(string)
	if res, _ := c.fetch(coverURL); res.StatusCode != 200 {
		t.Fatalf("cover %s: %d", coverURL, res.StatusCode)
	}
	expect(t, c.playlistCover(t, map[string]string{"id": id}, readFixture(t, "audio", "sine.mp3")), 415,
		"The cover is not an image we can use (JPEG, PNG, WebP or GIF)")

	c.post("/api/playlist/create", creds{"name": "Morning Coffee"})
	all := c.get("/api/playlist/all")
	if all.Status != 200 || !strings.Contains(all.Raw, "Night Drive") || !strings.Contains(all.Raw, "Morning Coffee") {
		t.Fatalf("all: %s", all.Raw)
	}
	found := c.post("/api/playlist/search", creds{"name": "drive night"})
	if found.msg() != "success" || strings.Count(found.Raw, `"_id"`) != 1 || !strings.Contains(found.Raw, "Night Drive") {
		t.Fatalf("search: %s", found.Raw)
	}

	expect(t, c.do("DELETE", "/api/playlist/delete/Night Drive", nil), 200, "success")
	expect(t, c.get("/api/playlist/"+id), 404, "This playlist does not exist.")
	if res, _ := c.fetch(coverURL); res.StatusCode != 404 {
		t.Errorf("the deleted playlist's cover is still served: %d", res.StatusCode)
	}
	// The songs themselves stay.
	expect(t, c.get("/api/songs/"+a), 200, "")
}

func (c *client) playlistCover(t *testing.T, fields map[string]string, img []byte) reply {
	t.Helper()
	return c.multipart("/api/playlist/cover", fields, "cover", img)
}

func TestOnlyTheOwnerChangesAPlaylist(t *testing.T) {
	e := newEnv(t)
	owner := e.signUp("jade", "jade@example.com", "secret1")
	other := e.signUp("kurt", "kurt@example.com", "secret1")
	a, b := owner.song(t, "A", "sine.mp3"), owner.song(t, "B", "sine.ogg")
	theirs := other.song(t, "Theirs", "sine.wav")
	id := playlistIn(owner.post("/api/playlist/create", creds{"name": "Mine"}))["_id"].(string)
	owner.do("PUT", "/api/playlist/add", creds{"id": id, "songs": a})
	owner.do("PUT", "/api/playlist/add", creds{"id": id, "songs": b})
	before, beforeIDs := owner.detail(t, id)

	forbidden := "Only jade can change this playlist."
	for name, r := range map[string]reply{
		"rename":  other.do("PUT", "/api/playlist/"+id, creds{"name": "Stolen"}),
		"add":     other.do("PUT", "/api/playlist/add", creds{"id": id, "songs": theirs}),
		"add2":    other.post("/api/playlist/"+id, creds{"song": theirs}),
		"remove":  other.do("DELETE", "/api/playlist/"+id+"/songs/"+a, nil),
		"reorder": other.do("PUT", "/api/playlist/"+id+"/order", map[string]any{"songs": []string{b, a}}),
		"cover":   other.playlistCover(t, map[string]string{"id": id}, readFixture(t, "images", "cover.png")),
		"delete":  other.do("DELETE", "/api/playlist/delete/"+id, nil),
	} {
		if r.Status != 403 || r.msg() != forbidden {
			t.Errorf("%s by someone else: %d %s", name, r.Status, r.Raw)
		}
	}
	after, afterIDs := owner.detail(t, id)
	if fmt.Sprint(before) != fmt.Sprint(after) || fmt.Sprint(beforeIDs) != fmt.Sprint(afterIDs) {
		t.Fatalf("the playlist changed:\n%v\n%v", before, after)
	}
	// Anyone may read it by id; a name only means the caller's own playlist.
	if item, _ := other.detail(t, id); item["mine"] != false || item["owner"] != "jade" {
		t.Errorf("read by another: %v", item)
	}
	expect(t, other.get("/api/playlist/Mine"), 404, "This playlist does not exist.")
	expect(t, other.do("DELETE", "/api/playlist/delete/Mine", nil), 404, "This playlist does not exist.")
	expect(t, owner.get("/api/playlist/0123456789abcdef01234567"), 404, "This playlist does not exist.")
	expect(t, e.client().get("/api/playlist/"+id), 401, "")
}

func TestLikes(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("lena", "lena@example.com", "secret1")
	other := e.signUp("milo", "milo@example.com", "secret1")
	id := c.song(t, "Loved", "sine.mp3")
	expect(t, c.post("/api/like/check", creds{"song": id}), 200, "false")
	expect(t, c.post("/api/like/add", creds{"song": id}), 200, "success")
	expect(t, c.post("/api/like/add", creds{"song": id}), 200, "success") // idempotent
	expect(t, c.post("/api/like/check", creds{"song": id}), 200, "true")
	expect(t, other.post("/api/like/check", creds{"song": id}), 200, "false") // likes are per user
	liked := c.get("/api/like/all")
	if liked.Status != 200 || strings.Count(liked.Raw, `"_id"`) != 1 || !strings.Contains(liked.Raw, "Loved") {
		t.Fatalf("liked songs: %s", liked.Raw)
	}
	expect(t, c.post("/api/like/add", creds{"song": "missing"}), 404, "This song does not exist.")
	expect(t, c.post("/api/like/add", creds{}), 400, "Please say which song (song).")
	expect(t, c.do("DELETE", "/api/like/"+id, nil), 200, "success")
	expect(t, c.post("/api/like/check", creds{"song": id}), 200, "false")
	if r := c.get("/api/like/all"); r.Raw != "[]\n" {
		t.Errorf("after unlike: %s", r.Raw)
	}
}

func TestFollowsAndProfiles(t *testing.T) {
	e := newEnv(t)
	nia := e.signUp("nia", "nia@example.com", "secret1")
	oz := e.signUp("ozzy", "oz@example.com", "secret1")
	pam := e.signUp("pam", "pam@example.com", "secret1")
	id := func(c *client) string { return c.get("/api/auth/profile").Body["_id"].(string) }
	ozID, niaID := id(oz), id(nia)

	expect(t, nia.post("/api/auth/allfollow", creds{"id": ozID}), 200, "success")
	expect(t, nia.post("/api/auth/allfollow", creds{"id": ozID}), 409, "You already follow ozzy.")
	expect(t, nia.post("/api/auth/allfollow", creds{"id": niaID}), 400, "You cannot follow yourself.")
	expect(t, nia.post("/api/auth/allfollow", creds{"id": "nobody"}), 404, "This user does not exist.")
	expect(t, pam.post("/api/auth/allfollow", creds{"id": ozID}), 200, "success")

	all := nia.get("/api/auth/all")
	if !strings.Contains(all.Raw, `"username":"ozzy","following":true`) || !strings.Contains(all.Raw, `"username":"pam","following":false`) {
		t.Fatalf("all users: %s", all.Raw)
	}
	followers := oz.get("/api/auth/followers")
	if strings.Count(followers.Raw, "followerusername") != 2 || !strings.Contains(followers.Raw, `"followerusername":"nia"`) {
		t.Fatalf("followers: %s", followers.Raw)
	}
	if f := nia.get("/api/auth/followings"); !strings.Contains(f.Raw, `"followingusername":"ozzy"`) {
		t.Fatalf("followings: %s", f.Raw)
	}
	// Counts, as the profile page reads them: right for each side.
	count := func(c *client, path, user string) int {
		r := c.do("POST", path, creds{"username": user})
		var list []any
		_ = jsonUnmarshal([]byte(r.Raw), &list)
		return len(list)
	}
	if count(pam, "/api/playlist/followers", "ozzy") != 2 || count(pam, "/api/playlist/followings", "ozzy") != 0 ||
		count(pam, "/api/playlist/followings", "nia") != 1 {
		t.Fatal("profile counts are wrong")
	}

	// A follow record can be removed by its two sides only.
	var records []map[string]any
	_ = jsonUnmarshal([]byte(oz.get("/api/auth/followers").Raw), &records)
	var niaRecord string
	for _, rec := range records {
		if rec["followerusername"] == "nia" {
			niaRecord = rec["_id"].(string)
		}
	}
	expect(t, pam.do("DELETE", "/api/playlist/deletefollower", creds{"id": niaRecord}), 403, "You can only remove your own followers and followings.")
	expect(t, oz.do("DELETE", "/api/playlist/deletefollower", creds{"id": niaRecord}), 200, "success")
	if f := nia.get("/api/auth/followings"); f.Raw != "[]\n" {
		t.Fatalf("after the follower was removed: %s", f.Raw)
	}
	expect(t, pam.do("DELETE", "/api/auth/follow/"+ozID, nil), 200, "success")
	expect(t, pam.do("DELETE", "/api/auth/follow/"+ozID, nil), 404, "You do not follow this user.")

	found := nia.post("/api/search/follower", creds{"name": "OZZ"})
	if found.Status != 200 || !strings.Contains(found.Raw, `"username":"ozzy"`) || strings.Contains(found.Raw, "pam") {
		t.Fatalf("search users: %s", found.Raw)
	}

	oz.post("/api/playlist/create", creds{"name": "Oz Mix"})
	profile := nia.post("/api/auth/profile", creds{"username": "ozzy"})
	if !strings.Contains(profile.Raw, `"name":"Oz Mix"`) || !strings.Contains(profile.Raw, `"mine":false`) {
		t.Fatalf("profile playlists: %s", profile.Raw)
	}
}

func TestTheFeedShowsWhatFollowedPeopleDo(t *testing.T) {
	e := newEnv(t)
	me := e.signUp("quin", "quin@example.com", "secret1")
	friend := e.signUp("rosa", "rosa@example.com", "secret1")
	stranger := e.signUp("sven", "sven@example.com", "secret1")
	me.post("/api/auth/allfollow", creds{"id": friend.get("/api/auth/profile").Body["_id"].(string)})
	song := friend.song(t, "Friend Song", "sine.mp3")
	e.Clock.Advance(1e9)
	strangerSong := stranger.song(t, "Stranger Song", "sine.ogg")
	friend.post("/api/like/add", creds{"song": strangerSong})
	e.Clock.Advance(1e9)
	friend.post("/api/playlist/create", creds{"name": "Rosa Picks"})
	stranger.post("/api/playlist/create", creds{"name": "Secret"})

	var feed []map[string]any
	_ = jsonUnmarshal([]byte(me.get("/api/feed").Raw), &feed)
	var kinds []string
	for _, it := range feed {
		kinds = append(kinds, fmt.Sprint(it["kind"], ":", it["user"]))
	}
	if fmt.Sprint(kinds) != "[playlist:rosa like:rosa upload:rosa]" {
		t.Fatalf("feed: %v", kinds)
	}
	if feed[1]["song"].(map[string]any)["_id"] != strangerSong || feed[2]["song"].(map[string]any)["_id"] != song {
		t.Errorf("feed songs: %v", feed)
	}
}

func TestSharing(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("tess", "tess@example.com", "secret1")
	song := songIn(c.upload(upload{name: `Tess "<Best>" Song`, audio: readFixture(t, "audio", "sine.mp3"), cover: readFixture(t, "images", "cover.png")}))
	pid := playlistIn(c.post("/api/playlist/create", creds{"name": "Shared Mix"}))["_id"].(string)
	c.do("PUT", "/api/playlist/add", creds{"id": pid, "songs": song["_id"].(string)})

	r := c.post("/api/recommend/share", creds{"value": "song", "id": song["_id"].(string)})
	if r.Status != 200 || !strings.HasPrefix(r.Raw, `[{"_id":"`+song["_id"].(string)) {
		t.Fatalf("share song: %s", r.Raw)
	}
	r = c.post("/api/recommend/share", creds{"value": "playlist", "id": pid})
	if r.Status != 200 || !strings.Contains(r.Raw, `"name":"Shared Mix"`) || !strings.Contains(r.Raw, `"songs":[{`) {
		t.Fatalf("share playlist: %s", r.Raw)
	}
	expect(t, c.post("/api/recommend/share", creds{"value": "album", "id": pid}), 400, "A share link is for a song or a playlist.")
	expect(t, c.post("/api/recommend/share", creds{"value": "song", "id": "nope"}), 404, "This song does not exist.")

	// Visitors without an account see a preview, and chat apps the card.
	anon := e.client()
	p := anon.get("/api/share/playlist/" + pid)
	if p.Status != 200 || p.Body["name"] != "Shared Mix" || p.Body["by"] != "tess" || p.Body["songs"] != float64(1) {
		t.Fatalf("preview: %s", p.Raw)
	}
	expect(t, anon.get("/api/share/song/nope"), 404, "This song does not exist.")
	page := anon.get("/share?id=" + song["_id"].(string) + "&type=song")
	for _, want := range []string{
		`<meta property="og:title" content="Tess &#34;&lt;Best&gt;&#34; Song · Musicify">`,
		`<meta property="og:description" content="A song by tess. Listen on Musicify.">`,
		`<meta property="og:image" content="` + e.URL + `/api/share/song/` + song["_id"].(string) + `/cover.jpg">`,
		`<meta property="og:url" content="` + e.URL + `/share?id=` + song["_id"].(string) + `&amp;type=song">`,
		`<meta name="twitter:card" content="summary_large_image">`,
	} {
		if !strings.Contains(page.Raw, want) {
			t.Errorf("share page lacks %s:\n%s", want, page.Raw)
		}
	}
	if strings.Contains(page.Raw, "<Best>") {
		t.Error("the song name reached the page unescaped")
	}
	missing := anon.get("/share?id=nope&type=playlist")
	if missing.Status != 404 || !strings.Contains(missing.Raw, `content="Musicify"`) || !strings.Contains(missing.Raw, "<title>Musicify</title>") {
		t.Errorf("unknown share: %d %s", missing.Status, missing.Raw)
	}
}

func TestTopSongsFollowListens(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("uri", "uri@example.com", "secret1")
	quiet, loud := c.song(t, "Quiet", "sine.mp3"), c.song(t, "Loud", "sine.ogg")
	c.song(t, "Never played", "sine.wav")
	c.post("/api/view/increase", creds{"song": quiet})
	for i := 0; i < 3; i++ {
		c.post("/api/view/increase", creds{"song": loud})
		e.Clock.Advance(time.Minute) // a play counts once per song length
	}
	var top []map[string]any
	_ = jsonUnmarshal([]byte(c.get("/api/recommend/top").Raw), &top)
	if len(top) != 2 || top[0]["_id"] != loud || top[1]["_id"] != quiet {
		t.Fatalf("top: %v", top)
	}
	_ = context.Background()
}

func TestSearchGroupsSongsArtistsPlaylistsAndPeople(t *testing.T) {
	e := newEnv(t)
	harbor := e.signUp("neon-harbor", "neon@example.com", "secret1")
	me := e.signUp("vera", "vera@example.com", "secret1")
	harbor.song(t, "Midnight Harbour", "sine.mp3")
	harbor.song(t, "Chrome Sunset", "sine.ogg")
	harbor.post("/api/playlist/create", creds{"name": "Harbour Nights"})
	e.signUp("harbour-master", "hm@example.com", "secret1") // a person, not an artist

	r := me.get("/api/search?q=" + "harbor")
	var got struct {
		Top       map[string]any   `json:"top"`
		Songs     []map[string]any `json:"songs"`
		Artists   []map[string]any `json:"artists"`
		Playlists []map[string]any `json:"playlists"`
		Users     []map[string]any `json:"users"`
	}
	if err := jsonUnmarshal([]byte(r.Raw), &got); err != nil || r.Status != 200 {
		t.Fatalf("search: %d %s", r.Status, r.Raw)
	}
	// 'harbor' is in the artist's name; 'harbour' (a typo away) in titles.
	if len(got.Songs) != 2 || len(got.Artists) != 1 || got.Artists[0]["name"] != "neon-harbor" ||
		len(got.Playlists) != 1 || len(got.Users) != 2 {
		t.Fatalf("groups: %s", r.Raw)
	}
	// The artist's name holds the word; the titles only a word a typo away.
	if top, _ := got.Top["artist"].(map[string]any); got.Top["type"] != "artist" || top["name"] != "neon-harbor" {
		t.Fatalf("top: %v", got.Top)
	}
	if s := me.post("/api/search/song", creds{"song": "midnite harbor"}); !strings.HasPrefix(s.Raw, `[{"_id"`) || !strings.Contains(s.Raw, "Midnight Harbour") {
		t.Fatalf("search song: %s", s.Raw)
	}
	if a := me.post("/api/search/artist", creds{"artist": "neon"}); !strings.Contains(a.Raw, `"name":"neon-harbor"`) {
		t.Fatalf("search artist: %s", a.Raw)
	}
	if p := me.post("/api/search/playlist", creds{"name": "nights"}); !strings.Contains(p.Raw, "Harbour Nights") {
		t.Fatalf("search playlist: %s", p.Raw)
	}
	if empty := me.get("/api/search?q=%20"); empty.Raw != `{"top":null,"songs":[],"artists":[],"albums":[],"playlists":[],"users":[]}`+"\n" {
		t.Fatalf("empty query: %s", empty.Raw)
	}
}

func TestAnEmptyPlaylistHasAnEmptyListOfSongs(t *testing.T) {
	e := newEnv(t)
	c := e.signUp("wyn", "wyn@example.com", "secret1")
	created := c.post("/api/playlist/create", creds{"name": "Empty"})
	id := playlistIn(created)["_id"].(string)
	for _, r := range []reply{c.get("/api/playlist/" + id), c.post("/api/recommend/share", creds{"value": "playlist", "id": id})} {
		if !strings.Contains(r.Raw, `"songs":[]`) {
			t.Errorf("songs of an empty playlist: %s", r.Raw)
		}
	}
	// Times read the same whichever call returns them.
	listed := c.get("/api/playlist/all")
	if !strings.Contains(listed.Raw, `"createdAt":"`+playlistIn(created)["createdAt"].(string)+`"`) {
		t.Errorf("createdAt differs: %s vs %s", playlistIn(created)["createdAt"], listed.Raw)
	}
}
