package sqlstore_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// What the recommender loads at start is what was written: listens, likes,
// interests in time order, and every playlist's songs in their order.
func TestRecommendationSourcesReadBackWhatWasWritten(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann := newUser(t, db, "ann")
		for i := range 3 {
			id := fmt.Sprintf("s%d", i)
			if err := db.CreateSong(ctx, &musicify.Song{ID: id, Name: id, UserID: ann.ID, Format: "mp3", Size: 1, SHA256: id, AudioKey: "k/" + id}); err != nil {
				t.Fatal(err)
			}
		}
		t0 := time.UnixMilli(1_700_000_000_000).UTC()
		if n, err := db.AddView(ctx, "s1", ann.ID, t0.Add(2*time.Second)); err != nil || n != 1 {
			t.Fatalf("AddView = %d, %v", n, err)
		}
		if _, err := db.AddView(ctx, "s0", ann.ID, t0); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Like(ctx, ann.ID, "s2", t0); err != nil {
			t.Fatal(err)
		}
		if again, err := db.Like(ctx, ann.ID, "s2", t0); err != nil || again {
			t.Fatalf("a second like = %v, %v", again, err)
		}
		if err := db.AddInterest(ctx, ann.ID, "s0", t0); err != nil {
			t.Fatal(err)
		}
		p := &musicify.Playlist{Name: "Mix", UserID: ann.ID}
		if err := db.CreatePlaylist(ctx, p); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"s2", "s0", "s1"} {
			if err := db.AddPlaylistSong(ctx, p.ID, id); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.AddPlaylistSong(ctx, p.ID, "s0"); musicify.ErrorCode(err) != musicify.ECONFLICT {
			t.Errorf("adding a song twice = %v, want a conflict", err)
		}
		if err := db.ReorderPlaylist(ctx, p.ID, []string{"s1", "s2", "s0"}); err != nil {
			t.Fatal(err)
		}
		read := func(each func(context.Context, func(musicify.Interaction) error) error) string {
			var out []string
			if err := each(ctx, func(it musicify.Interaction) error {
				out = append(out, it.SongID+"@"+it.At.Sub(t0).String())
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			return strings.Join(out, " ")
		}
		if got := read(db.EachListen); got != "s0@0s s1@2s" {
			t.Errorf("listens: %s", got)
		}
		if got := read(db.EachLike); got != "s2@0s" {
			t.Errorf("likes: %s", got)
		}
		if got := read(db.EachInterest); got != "s0@0s" {
			t.Errorf("interests: %s", got)
		}
		members, err := db.PlaylistMembers(ctx)
		if err != nil || strings.Join(members[p.ID], " ") != "s1 s2 s0" {
			t.Errorf("playlist members: %v, %v", members, err)
		}
		if err := db.CreatePlaylist(ctx, &musicify.Playlist{Name: "MIX", UserID: ann.ID}); musicify.ErrorCode(err) != musicify.ECONFLICT {
			t.Errorf("a second playlist of the name = %v, want a conflict", err)
		}
		if err := db.CreateSong(ctx, &musicify.Song{ID: "dup", Name: "d", UserID: ann.ID, Format: "mp3", SHA256: "s0", AudioKey: "k"}); musicify.ErrorCode(err) != musicify.ECONFLICT {
			t.Errorf("the same file twice = %v, want a conflict", err)
		}
		liked, err := db.LikedSongs(ctx, ann.ID)
		if err != nil || len(liked) != 1 || liked[0].ID != "s2" || liked[0].Artist != "ann" {
			t.Errorf("liked songs: %v, %v", liked, err)
		}
		artists, err := db.Artists(ctx)
		if err != nil || len(artists) != 1 || artists[0].Songs != 3 {
			t.Errorf("artists: %+v, %v", artists, err)
		}
		// What a user played last, each song once, the latest first.
		bob := newUser(t, db, "bob")
		for i, id := range []string{"s2", "s0", "s2", "s1"} {
			if _, err := db.AddView(ctx, id, bob.ID, t0.Add(time.Duration(10+i)*time.Second)); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := db.RecentlyPlayed(ctx, bob.ID, 10); err != nil || strings.Join(got, " ") != "s1 s2 s0" {
			t.Errorf("bob played last: %v, %v", got, err)
		}
		if got, err := db.RecentlyPlayed(ctx, bob.ID, 2); err != nil || strings.Join(got, " ") != "s1 s2" {
			t.Errorf("bob's last two: %v, %v", got, err)
		}
		if got, err := db.RecentlyPlayed(ctx, "nobody", 10); err != nil || len(got) != 0 {
			t.Errorf("nobody played: %v, %v", got, err)
		}
	})
}

// The rest of what a user sees reads back the same on every store.
func TestFollowsFeedStationsAndSettingsReadBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann, bob := &musicify.User{Username: "ann", Email: "ann@example.com"}, &musicify.User{Username: "bob", Email: "bob@example.com"}
		for _, u := range []*musicify.User{ann, bob} {
			if err := db.CreateUser(ctx, u); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.CreateFollow(ctx, &musicify.Follow{FollowerID: ann.ID, FolloweeID: bob.ID}); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateFollow(ctx, &musicify.Follow{FollowerID: ann.ID, FolloweeID: bob.ID}); musicify.ErrorCode(err) != musicify.ECONFLICT {
			t.Errorf("following twice = %v, want a conflict", err)
		}
		if err := db.CreateSong(ctx, &musicify.Song{ID: "b1", Name: "B", UserID: bob.ID, Format: "mp3", SHA256: "x", AudioKey: "k"}); err != nil {
			t.Fatal(err)
		}
		feed, err := db.Feed(ctx, ann.ID, 10)
		if err != nil || len(feed) != 1 || feed[0].Kind != "upload" || feed[0].SongID != "b1" || feed[0].Username != "bob" {
			t.Errorf("feed: %+v, %v", feed, err)
		}
		st := &musicify.Station{ID: "st", Name: "Night", UserID: bob.ID, Start: time.UnixMilli(1_700_000_000_000), AudioKey: "a", Format: "mp3", Duration: 12.5}
		if err := db.CreateStation(ctx, st); err != nil {
			t.Fatal(err)
		}
		if got, err := db.Station(ctx, "st"); err != nil || got.Owner != "bob" || got.Duration != 12.5 || !got.Start.Equal(st.Start) {
			t.Errorf("station: %+v, %v", got, err)
		}
		if err := db.SetSetting(ctx, "a", "1"); err != nil {
			t.Fatal(err)
		}
		if err := db.SetSetting(ctx, "a", "2"); err != nil {
			t.Fatal(err)
		}
		if v, err := db.Setting(ctx, "a"); err != nil || v != "2" {
			t.Errorf("setting: %q, %v", v, err)
		}
		for i := range 3 {
			if err := db.AddOutboxMail(ctx, &musicify.OutboxMail{To: "x@example.com", Subject: fmt.Sprint(i)}); err != nil {
				t.Fatal(err)
			}
		}
		if mails, err := db.OutboxMails(ctx, 2); err != nil || len(mails) != 2 || mails[0].Subject != "2" {
			t.Errorf("outbox: %+v, %v", mails, err)
		}
		if keys, err := db.BlobKeys(ctx); err != nil || len(keys) != 2 {
			t.Errorf("blob keys: %v, %v", keys, err)
		}
	})
}

// A bulk import is searchable and counted on every store.
func TestAnImportIsSearchableAndCounted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		u := &musicify.User{ID: "u1", Username: "Zoë", Email: "z@example.com"}
		s := &musicify.Song{ID: "s1", Name: "Harbour Lights", UserID: "u1", Format: "mp3", SHA256: "x", AudioKey: "k"}
		if err := db.Import(ctx, []*musicify.User{u}, []*musicify.Song{s}, []musicify.Interaction{{UserID: "u1", SongID: "s1", At: time.Now()}}); err != nil {
			t.Fatal(err)
		}
		hits, err := db.Search(ctx, musicify.KindSong, musicify.Query{{{Word: "harb", Prefix: true}}, {{Word: "zoe"}}}, 10)
		if err != nil || len(hits) != 1 || hits[0].ID != "s1" || hits[0].Popularity != 1 {
			t.Fatalf("search after import: %+v, %v", hits, err)
		}
	})
}

// The broad-query shortcut gives the most listened songs whose names
// match, whether they are among the most listened of all (PostgreSQL
// finds them walking down from the top) or far below (it stops walking
// after a few thousand songs and sorts the matches instead).
func TestPopularSearchFindsTheMostListenedNamesHighOrLow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		u := &musicify.User{ID: "u1", Username: "ann", Email: "ann@example.com"}
		var songs []*musicify.Song
		var listens []musicify.Interaction
		add := func(id, name string, plays int) {
			songs = append(songs, &musicify.Song{ID: id, Name: name, UserID: "u1", Format: "mp3", SHA256: id, AudioKey: id})
			for range plays {
				listens = append(listens, musicify.Interaction{UserID: "u1", SongID: id, At: time.Now()})
			}
		}
		for i := range 3100 { // five played three times, the rest twice
			add(fmt.Sprintf("f%04d", i), "Filler", 2+min(1, max(0, 5-i)))
		}
		for i := range 25 { // below every filler: five played once, the rest never
			add(fmt.Sprintf("h%04d", i), "Harbour", max(0, min(1, 5-i)))
		}
		if err := db.Import(ctx, []*musicify.User{u}, songs, listens); err != nil {
			t.Fatal(err)
		}
		// Ties come in either store's order; the five most listened come first.
		for _, c := range []struct{ word, prefix string }{{"fil", "f"}, {"harb", "h"}} {
			hits, err := db.SearchPopular(ctx, musicify.KindSong, musicify.Query{{{Word: c.word, Prefix: true}}}, 20)
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) != 20 {
				t.Fatalf("%s: %d hits, want 20", c.word, len(hits))
			}
			first := map[string]bool{}
			for i, h := range hits {
				if !strings.HasPrefix(h.ID, c.prefix) || i > 0 && h.Popularity > hits[i-1].Popularity {
					t.Fatalf("%s: hit %d is %+v after %+v", c.word, i, h, hits[max(0, i-1)])
				}
				if i < 5 {
					first[h.ID] = true
				}
			}
			for i := range 5 {
				if id := fmt.Sprintf("%s%04d", c.prefix, i); !first[id] {
					t.Errorf("%s: %s, one of the five most listened, is not among the first five: %+v", c.word, id, hits[:6])
				}
			}
		}
	})
}
