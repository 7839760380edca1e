package playlists_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlists"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
	"github.com/musicify/musicify/internal/testclock"
	"github.com/musicify/musicify/internal/testserver"
)

func TestMain(m *testing.M) {
	code := m.Run()
	testserver.StopPostgres()
	os.Exit(code)
}

// now is the clock of the catalog below: mid-June 2026, noon UTC.
var now = time.Date(2026, 6, 15, 12, 0, 0, 0, time.UTC)

type catalogSong struct {
	id, title, artist, album, genre, format string
	year                                    int
	seconds                                 float64
	added                                   string
	features                                *musicify.AudioFeatures
}

// catalog is five library songs, the last missing, with the owner's
// plays, likes and ratings, someone else's, and the audio analysis of
// three of them.
func catalog(t *testing.T, db *sqlstore.DB) (owner, other *musicify.User, ids map[string]string) {
	t.Helper()
	ctx := context.Background()
	owner = &musicify.User{Username: "owner", Email: "owner@example.com"}
	other = &musicify.User{Username: "ann", Email: "ann@example.com"}
	for _, u := range []*musicify.User{owner, other} {
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
	}
	folder, err := db.LibraryFolder(ctx, "/music")
	if err != nil {
		t.Fatal(err)
	}
	songs := []catalogSong{
		{"s1", "Blue Monday", "New Order", "Power", "Synthpop", "mp3", 1983, 450, "2026-01-01",
			&musicify.AudioFeatures{BPM: 120.2, Key: 9, Mode: musicify.Minor, Energy: 0.8}},
		{"s2", "Bizarre Love", "New Order", "Brotherhood", "Synthpop", "flac", 1986, 260, "2026-03-01",
			&musicify.AudioFeatures{BPM: 128, Key: 0, Mode: musicify.Major, Energy: 0.55}},
		{"s3", "Karma Police", "Radiohead", "OK Computer", "Rock", "mp3", 1997, 264, "2026-06-01",
			&musicify.AudioFeatures{BPM: 75, Key: 9, Mode: musicify.Minor, Energy: 0.3}},
		{"s4", "Paranoid 100%_x", "Black Sabbath", "Paranoid", "Rock", "ogg", 1970, 170, "2026-06-10", nil},
		{"s5", "Gone", "Black Sabbath", "Paranoid", "Rock", "ogg", 1970, 170, "2026-06-10", nil},
	}
	ids = map[string]string{}
	for _, c := range songs {
		added, _ := time.Parse(time.DateOnly, c.added)
		s := &musicify.Song{ID: musicify.NewID(), Name: c.title, Format: c.format, Size: 10, SHA256: "lib:" + c.id,
			Duration: c.seconds, AudioKey: musicify.LibraryKeyPrefix + folder.ID + "/" + c.id, LibraryPath: folder.ID + "/" + c.id,
			ModTime: added, Created: added.Add(10 * time.Hour)}
		if err := db.AddLibrarySong(ctx, s, musicify.TrackTags{Title: c.title, Artist: c.artist, Album: c.album,
			Year: c.year, Genres: []string{c.genre}}); err != nil {
			t.Fatal(err)
		}
		ids[c.id] = s.ID
		ids[s.ID] = c.id
		if c.features != nil {
			f := *c.features
			f.Version, f.Embedding, f.Analyzed = 1, []float32{1}, now
			if err := db.SetSongFeatures(ctx, s.ID, &f); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := db.MarkLibraryMissing(ctx, []string{ids["s5"]}); err != nil {
		t.Fatal(err)
	}
	day := 24 * time.Hour
	play := func(u *musicify.User, song string, ago time.Duration) {
		if _, err := db.AddView(ctx, ids[song], u.ID, now.Add(-ago)); err != nil {
			t.Fatal(err)
		}
	}
	play(owner, "s1", 100*day)
	play(owner, "s1", 50*day)
	play(owner, "s1", 2*day)
	play(owner, "s3", 10*day)
	play(owner, "s5", day)
	play(other, "s2", day)
	play(other, "s2", 3*day)
	for _, like := range []struct {
		u    *musicify.User
		song string
	}{{owner, "s3"}, {owner, "s5"}, {other, "s2"}} {
		if _, err := db.Like(ctx, like.u.ID, ids[like.song], now); err != nil {
			t.Fatal(err)
		}
	}
	for _, r := range []struct {
		u      *musicify.User
		song   string
		rating int
	}{{owner, "s1", 5}, {owner, "s2", 2}, {other, "s3", 5}} {
		if err := db.SetRating(ctx, r.u.ID, "song", ids[r.song], r.rating, now); err != nil {
			t.Fatal(err)
		}
	}
	return owner, other, ids
}

// rules reads rules written as JSON, as the API takes them.
func rules(t *testing.T, text string) *musicify.SmartRules {
	t.Helper()
	var r musicify.SmartRules
	if err := json.Unmarshal([]byte(text), &r); err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return &r
}

func one(field, op, value string) string {
	return fmt.Sprintf(`{"match":"all","rules":[{"field":%q,"op":%q,"value":%s}]}`, field, op, value)
}

func names(songs []*musicify.Song, ids map[string]string) string {
	var out []string
	for _, s := range songs {
		out = append(out, ids[s.ID])
	}
	return strings.Join(out, " ")
}

// Every field, each kind of operator, nested groups and sorts evaluate to
// the songs they describe, on each database, the owner's plays, likes and
// ratings deciding, and a missing song never appears.
func TestSmartPlaylistRulesMatchTheSongsTheyDescribe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		clock := testclock.New(now)
		db.Now = clock.Now
		owner, _, ids := catalog(t, db)
		svc := &playlists.Service{Store: db}
		ctx := context.Background()
		// Without a sort the newest songs come first; sorted by id here
		// where only the set matters.
		cases := []struct{ name, rules, want string }{
			{"title contains", one("title", "contains", `"LOVE"`), "s2"},
			{"title starts with", one("title", "startsWith", `"bl"`), "s1"},
			{"title contains a percent sign, literally", one("title", "contains", `"0%_"`), "s4"},
			{"title is", one("title", "is", `"karma police"`), "s3"},
			{"title is not", one("title", "isNot", `"Karma Police"`), "s4 s2 s1"},
			{"title does not contain", one("title", "notContains", `"e"`), "s4"},
			{"artist is", one("artist", "is", `"new order"`), "s2 s1"},
			{"album is", one("album", "is", `"OK Computer"`), "s3"},
			{"genre is", one("genre", "is", `"rock"`), "s4 s3"},
			{"format is", one("format", "is", `"flac"`), "s2"},
			{"year less than", one("year", "lt", `1980`), "s4"},
			{"year between", one("year", "between", `[1980, 1990]`), "s2 s1"},
			{"year is", one("year", "eq", `1997`), "s3"},
			{"year is not", one("year", "ne", `1997`), "s4 s2 s1"},
			{"added on a day", one("added", "eq", `"2026-06-01"`), "s3"},
			{"added not on a day", one("added", "ne", `"2026-06-01"`), "s4 s2 s1"},
			{"added before", one("added", "lt", `"2026-03-01"`), "s1"},
			{"added after", one("added", "gt", `"2026-03-01"`), "s4 s3"},
			{"added between", one("added", "between", `["2026-03-01", "2026-06-01"]`), "s3 s2"},
			{"added in the last days", one("added", "inTheLast", `30`), "s4 s3"},
			{"added not in the last days", one("added", "notInTheLast", `30`), "s2 s1"},
			{"my plays", one("plays", "gt", `0`), "s3 s1"},
			{"my plays exactly", one("plays", "eq", `3`), "s1"},
			{"never played by me", one("plays", "eq", `0`), "s4 s2"},
			{"total plays", one("totalplays", "gt", `1`), "s2 s1"},
			{"last played in the last days", one("lastplayed", "inTheLast", `7`), "s1"},
			{"last played not in the last days, never included", one("lastplayed", "notInTheLast", `7`), "s4 s3 s2"},
			{"never played", one("lastplayed", "never", `null`), "s4 s2"},
			{"last played before", one("lastplayed", "lt", `"2026-06-10"`), "s3"},
			{"liked", one("liked", "is", `true`), "s3"},
			{"not liked", one("liked", "is", `false`), "s4 s2 s1"},
			{"rating above", one("rating", "gt", `3`), "s1"},
			{"unrated", one("rating", "eq", `0`), "s4 s3"},
			{"rating between", one("rating", "between", `[1, 5]`), "s2 s1"},
			{"bpm rounded", one("bpm", "eq", `120`), "s1"},
			{"bpm above, unanalysed songs left out", one("bpm", "gt", `100`), "s2 s1"},
			{"bpm below", one("bpm", "lt", `100`), "s3"},
			{"key is, spelled any way", one("key", "is", `"a minor"`), "s3 s1"},
			{"key is not, unanalysed songs left out", one("key", "isNot", `"A minor"`), "s2"},
			{"energy", one("energy", "gt", `50`), "s2 s1"},
			{"length", one("length", "gt", `300`), "s1"},
			{"length between", one("length", "between", `[250, 270]`), "s3 s2"},
			{"no condition: every song present", `{"match":"all","rules":[]}`, "s4 s3 s2 s1"},
			{"a missing song is never included", one("title", "is", `"Gone"`), ""},
			{"all with a nested any", `{"match":"all","rules":[{"field":"genre","op":"is","value":"Rock"},
				{"match":"any","rules":[{"field":"liked","op":"is","value":true},{"field":"year","op":"lt","value":1980}]}]}`, "s4 s3"},
			{"any of two alls, three deep", `{"match":"any","rules":[
				{"match":"all","rules":[{"field":"artist","op":"is","value":"New Order"},{"field":"rating","op":"gt","value":3}]},
				{"match":"all","rules":[{"field":"genre","op":"is","value":"Rock"},
					{"match":"any","rules":[{"field":"plays","op":"gt","value":0},{"field":"format","op":"is","value":"flac"}]}]}]}`, "s3 s1"},
			{"sorted by year, newest first", `{"match":"all","rules":[],"sort":"year","order":"desc"}`, "s3 s2 s1 s4"},
			{"sorted by title", `{"match":"all","rules":[],"sort":"title"}`, "s2 s1 s3 s4"},
			{"sorted by last played, never played last", `{"match":"all","rules":[],"sort":"lastplayed","order":"desc"}`, "s1 s3"},
			{"sorted by bpm, unanalysed last", `{"match":"all","rules":[],"sort":"bpm"}`, "s3 s1 s2 s4"},
			{"sorted by rating", `{"match":"all","rules":[],"sort":"rating","order":"desc"}`, "s1 s2"},
			{"limit", `{"match":"all","rules":[],"sort":"year","limit":2}`, "s4 s1"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				n, songs, err := svc.Preview(ctx, owner, "", rules(t, c.rules))
				if err != nil {
					t.Fatal(err)
				}
				got := names(songs, ids)
				// Sorts whose ties fall back on ids are checked on their
				// first songs only.
				if !strings.HasPrefix(got, c.want) || (c.want == "" && got != "") || n != len(songs) {
					t.Errorf("got %q (%d), want %q", got, n, c.want)
				}
				if !strings.Contains(c.rules, `"sort"`) && got != c.want {
					t.Errorf("got %q, want %q", got, c.want)
				}
			})
		}
	})
}

// A random order is the same all day, another the next day, and its limit
// takes the first songs of that day's shuffle.
func TestSmartPlaylistRandomOrderChangesDaily(t *testing.T) {
	db := storetest.SQLite(t)
	clock := testclock.New(now)
	db.Now = clock.Now
	ctx := context.Background()
	owner := &musicify.User{Username: "owner", Email: "owner@example.com"}
	if err := db.CreateUser(ctx, owner); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for i := range 20 {
		id := fmt.Sprintf("song%02d", i)
		ids[id] = id
		if err := db.CreateSong(ctx, &musicify.Song{ID: id, Name: id, UserID: owner.ID, Format: "mp3", Size: 1,
			SHA256: id, AudioKey: "k/" + id}); err != nil {
			t.Fatal(err)
		}
	}
	svc := &playlists.Service{Store: db}
	p, err := svc.CreateSmart(ctx, owner, "Shuffle", "", rules(t, `{"match":"all","rules":[],"sort":"random"}`))
	if err != nil {
		t.Fatal(err)
	}
	order := func() string {
		t.Helper()
		got, err := svc.Find(ctx, owner, p.ID)
		if err != nil {
			t.Fatal(err)
		}
		songs, err := svc.Songs(ctx, got)
		if err != nil {
			t.Fatal(err)
		}
		if len(songs) != 20 || got.Songs != 20 {
			t.Fatalf("%d songs, count %d; want 20", len(songs), got.Songs)
		}
		return names(songs, ids)
	}
	morning := order()
	if _, preview, err := svc.Preview(ctx, owner, p.ID, p.Rules); err != nil || names(preview, ids) != morning {
		t.Errorf("the preview of the playlist shuffles otherwise: %q, %v", names(preview, ids), err)
	}
	clock.Advance(11 * time.Hour) // 23:00, the same day
	if evening := order(); evening != morning {
		t.Errorf("the order changed within the day:\n%s\n%s", morning, evening)
	}
	sorted := make([]string, 20)
	for i := range sorted {
		sorted[i] = fmt.Sprintf("song%02d", i)
	}
	if morning == strings.Join(sorted, " ") {
		t.Errorf("the random order is the order of ids")
	}
	clock.Advance(2 * time.Hour) // 01:00 the next day
	tomorrow := order()
	if tomorrow == morning {
		t.Errorf("the order is the same the next day: %s", morning)
	}

	limited, err := svc.SetRules(ctx, owner, p.ID, rules(t, `{"match":"all","rules":[],"sort":"random","limit":5}`))
	if err != nil {
		t.Fatal(err)
	}
	songs, err := svc.Songs(ctx, limited)
	if err != nil {
		t.Fatal(err)
	}
	if got := names(songs, ids); !strings.HasPrefix(tomorrow, got) || len(songs) != 5 || limited.Songs != 5 {
		t.Errorf("limited to 5: %q (count %d), want the start of %q", got, limited.Songs, tomorrow)
	}
}

// A smart playlist is changed by its rules, by its owner only; its songs
// are never added, removed or moved by hand, and an ordinary playlist
// does not become smart.
func TestSmartPlaylistWritesAreTheOwnersAndRulesOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		db.Now = testclock.New(now).Now
		owner, other, ids := catalog(t, db)
		ctx := context.Background()
		svc := &playlists.Service{Store: db}
		p, err := svc.CreateSmart(ctx, owner, "Rock", "Loud and proud", rules(t, one("genre", "is", `"rock"`)))
		if err != nil {
			t.Fatal(err)
		}
		if p.Rules == nil || p.Songs != 2 || p.Description != "Loud and proud" {
			t.Fatalf("created %+v; want rules, 2 songs and the description", p)
		}
		if _, err := svc.CreateSmart(ctx, owner, "Long", strings.Repeat("x", 5000), rules(t, one("genre", "is", `"rock"`))); musicify.ErrorCode(err) != musicify.EINVALID {
			t.Errorf("a description too long: %v, want invalid", err)
		}
		if _, err := svc.SetRules(ctx, other, p.ID, rules(t, one("genre", "is", `"synthpop"`))); musicify.ErrorCode(err) != musicify.EFORBIDDEN {
			t.Errorf("someone else's rules: %v, want forbidden", err)
		}
		if _, err := svc.Add(ctx, owner, p.ID, ids["s1"]); musicify.ErrorCode(err) != musicify.ECONFLICT || !strings.Contains(err.Error(), "smart") {
			t.Errorf("adding by hand: %v, want a conflict naming the smart playlist", err)
		}
		// The store refuses too, for writers that skip the service (the assistant, Subsonic).
		if err := db.AddPlaylistSong(ctx, p.ID, ids["s1"]); musicify.ErrorCode(err) != musicify.ECONFLICT {
			t.Errorf("adding through the store: %v, want a conflict", err)
		}
		if err := svc.Remove(ctx, owner, p.ID, ids["s3"]); musicify.ErrorCode(err) != musicify.ECONFLICT {
			t.Errorf("removing by hand: %v, want a conflict", err)
		}
		if err := svc.Reorder(ctx, owner, p.ID, nil); musicify.ErrorCode(err) != musicify.ECONFLICT {
			t.Errorf("reordering by hand: %v, want a conflict", err)
		}
		changed, err := svc.SetRules(ctx, owner, p.ID, rules(t, one("genre", "is", `"synthpop"`)))
		if err != nil {
			t.Fatal(err)
		}
		songs, err := svc.Songs(ctx, changed)
		if err != nil || names(songs, ids) != "s2 s1" {
			t.Errorf("after new rules: %q, %v; want s2 s1", names(songs, ids), err)
		}
		// Listening changes the playlist at once: it is evaluated on read.
		listened, err := svc.SetRules(ctx, owner, p.ID, rules(t, one("plays", "gt", `0`)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.AddView(ctx, ids["s4"], owner.ID, now); err != nil {
			t.Fatal(err)
		}
		songs, _ = svc.Songs(ctx, listened)
		if got := names(songs, ids); got != "s4 s3 s1" {
			t.Errorf("after a play of s4: %q, want s4 s3 s1", got)
		}
		// Readers that go to the store (the assistant, Subsonic covers) get
		// the same songs.
		if stored, err := db.PlaylistSongs(ctx, p.ID); err != nil || names(stored, ids) != "s4 s3 s1" {
			t.Errorf("the store's songs of the playlist: %q, %v", names(stored, ids), err)
		}
		plain, err := svc.Create(ctx, owner, "Plain", "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SetRules(ctx, owner, plain.ID, rules(t, one("genre", "is", `"rock"`))); musicify.ErrorCode(err) != musicify.ECONFLICT {
			t.Errorf("rules on an ordinary playlist: %v, want a conflict", err)
		}
		mine, err := svc.Mine(ctx, owner)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mine {
			if m.ID == p.ID && (m.Songs != 3 || m.Rules == nil) {
				t.Errorf("in the list: %+v; want 3 songs and its rules", m)
			}
		}
	})
}
