package sqlstore_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// A kept mix stays for its period, whoever makes one again in it (another
// instance, a reload); the next period's replaces it. The listens queries
// give what On Repeat and Repeat Rewind are made of.
func TestMixesAreKeptForTheirPeriodAndListensAreCounted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann, bob := newUser(t, db, "ann"), newUser(t, db, "bob")
		for _, id := range []string{"s1", "s2", "s3", "s4"} {
			newSong(t, db, id, bob.ID)
		}

		if _, err := db.KeptMix(ctx, ann.ID, "discover-weekly"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Fatalf("a mix kept before any was made: %v", err)
		}
		first := &musicify.Mix{Kind: "discover-weekly", Period: "2026-W48", Songs: []string{"s1", "s2"},
			Reasons: []musicify.MixReason{{Reason: "because", Seed: "s3"}, {Reason: "popular"}}}
		kept, err := db.KeepMix(ctx, ann.ID, first)
		if err != nil || !slices.Equal(kept.Songs, first.Songs) || kept.Reasons[0].Seed != "s3" || kept.Period != "2026-W48" {
			t.Fatalf("kept %+v, %v", kept, err)
		}
		again, err := db.KeepMix(ctx, ann.ID, &musicify.Mix{Kind: "discover-weekly", Period: "2026-W48", Songs: []string{"s4"}})
		if err != nil || !slices.Equal(again.Songs, first.Songs) {
			t.Fatalf("a second mix in the same week replaced the first: %+v, %v", again, err)
		}
		if kept, err := db.KeptMix(ctx, ann.ID, "discover-weekly"); err != nil || !slices.Equal(kept.Songs, first.Songs) || len(kept.Reasons) != 2 {
			t.Fatalf("reading the kept mix: %+v, %v", kept, err)
		}
		next, err := db.KeepMix(ctx, ann.ID, &musicify.Mix{Kind: "discover-weekly", Period: "2026-W49", Songs: []string{"s4"}})
		if err != nil || !slices.Equal(next.Songs, []string{"s4"}) || next.Period != "2026-W49" {
			t.Fatalf("the next week's mix: %+v, %v", next, err)
		}
		if back, err := db.KeepMix(ctx, ann.ID, &musicify.Mix{Kind: "discover-weekly", Period: "2026-W48", Songs: []string{"s1"}}); err != nil || back.Period != "2026-W49" {
			t.Fatalf("a clock behind took the week back: %+v, %v", back, err)
		}
		if theirs, err := db.KeepMix(ctx, bob.ID, &musicify.Mix{Kind: "discover-weekly", Period: "2026-W49", Songs: []string{"s1"}}); err != nil || !slices.Equal(theirs.Songs, []string{"s1"}) {
			t.Fatalf("another person's mix: %+v, %v", theirs, err)
		}

		now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
		listen := func(song string, at time.Time) {
			t.Helper()
			if _, _, err := db.CountListen(ctx, song, ann.ID, at, musicify.ListenRule{PerDay: 100}); err != nil {
				t.Fatal(err)
			}
		}
		month := now.AddDate(0, 0, -30)
		for i := range 3 { // s1: three times lately
			listen("s1", now.Add(-time.Duration(i+1)*time.Hour))
		}
		listen("s2", now.Add(-time.Hour)) // s2: twice lately, once long ago
		listen("s2", now.Add(-2*time.Hour))
		listen("s2", month.AddDate(0, 0, -10))
		for i := range 4 { // s3: four times long ago, never since
			listen("s3", month.AddDate(0, 0, -20).Add(time.Duration(i)*time.Hour))
		}
		listen("s4", now.Add(-time.Hour)) // s4: once

		if got, err := db.MostPlayedSince(ctx, ann.ID, month, 2, 10); err != nil || !slices.Equal(got, []string{"s1", "s2"}) {
			t.Errorf("most played in the month: %v, %v", got, err)
		}
		if got, err := db.PlayedBeforeOnly(ctx, ann.ID, month, 2, 10); err != nil || !slices.Equal(got, []string{"s3"}) {
			t.Errorf("played before the month only: %v, %v", got, err)
		}
		if got, err := db.PlayedSongs(ctx, ann.ID); err != nil || !slices.Equal(got, []string{"s1", "s2", "s3", "s4"}) {
			t.Errorf("played songs: %v, %v", got, err)
		}
		if got, err := db.PlayedSongs(ctx, bob.ID); err != nil || len(got) != 0 {
			t.Errorf("bob played nothing: %v, %v", got, err)
		}
	})
}

// Release Radar's songs: new ones by the people the user follows or by the
// artists they played, never their own, nothing older than the window.
func TestNewSongsFromTheirArtists(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann, bob, cy, dee := newUser(t, db, "ann"), newUser(t, db, "bob"), newUser(t, db, "cy"), newUser(t, db, "dee")
		now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
		song := func(id string, owner *musicify.User, age time.Duration) {
			t.Helper()
			if err := db.CreateSong(ctx, &musicify.Song{ID: id, Name: "Song " + id, UserID: owner.ID, Artist: owner.Username,
				Format: "mp3", Size: 1, SHA256: id, AudioKey: "k/" + id, Created: now.Add(-age)}); err != nil {
				t.Fatal(err)
			}
		}
		day := 24 * time.Hour
		song("bob-old", bob, 90*day)   // played by ann: bob is an artist she plays
		song("bob-new", bob, 2*day)    // new from an artist she plays
		song("bob-stale", bob, 40*day) // by him, but older than the window
		song("cy-new", cy, day)        // new from someone she follows
		song("dee-new", dee, day)      // new, but nothing to do with her
		song("ann-new", ann, day)      // her own
		if _, _, err := db.CountListen(ctx, "bob-old", ann.ID, now.Add(-60*day), musicify.ListenRule{PerDay: 100}); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateFollow(ctx, &musicify.Follow{FollowerID: ann.ID, FolloweeID: cy.ID}); err != nil {
			t.Fatal(err)
		}
		got, err := db.NewFromTheirArtists(ctx, ann.ID, now.Add(-28*day), 10)
		if err != nil || !slices.Equal(got, []string{"cy-new", "bob-new"}) {
			t.Fatalf("new from her artists: %v, %v; want cy-new then bob-new", got, err)
		}
	})
}
