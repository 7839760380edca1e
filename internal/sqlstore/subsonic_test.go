package sqlstore_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// Stars list likes and starred albums and artists together, latest first;
// ratings and play queues replace what was there and go when emptied.
func TestSubsonicStarsRatingsAndPlayQueues(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann, bob := newUser(t, db, "ann"), newUser(t, db, "bob")
		newSong(t, db, "s1", ann.ID)
		at := time.UnixMilli(1_700_000_000_000).UTC()
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		_, err := db.Like(ctx, ann.ID, "s1", at)
		must(err)
		must(db.Star(ctx, ann.ID, musicify.StarAlbum, "al1", at.Add(time.Second)))
		must(db.Star(ctx, ann.ID, musicify.StarAlbum, "al1", at.Add(time.Hour))) // twice keeps the first
		must(db.Star(ctx, ann.ID, musicify.StarArtist, "ar1", at.Add(2*time.Second)))
		must(db.Star(ctx, bob.ID, musicify.StarArtist, "ar2", at))
		stars, err := db.Stars(ctx, ann.ID)
		must(err)
		want := []musicify.Star{{Kind: "artist", ItemID: "ar1", At: at.Add(2 * time.Second)},
			{Kind: "album", ItemID: "al1", At: at.Add(time.Second)}, {Kind: "song", ItemID: "s1", At: at}}
		if !slices.Equal(stars, want) {
			t.Fatalf("stars = %v, want %v", stars, want)
		}
		must(db.Unstar(ctx, ann.ID, musicify.StarAlbum, "al1"))
		if stars, _ = db.Stars(ctx, ann.ID); len(stars) != 2 {
			t.Fatalf("after unstar: %v", stars)
		}

		must(db.SetRating(ctx, ann.ID, musicify.StarSong, "s1", 3, at))
		must(db.SetRating(ctx, ann.ID, musicify.StarSong, "s1", 5, at))
		must(db.SetRating(ctx, ann.ID, musicify.StarAlbum, "al1", 2, at))
		must(db.SetRating(ctx, ann.ID, musicify.StarAlbum, "al1", 0, at))
		ratings, err := db.Ratings(ctx, ann.ID)
		must(err)
		if len(ratings) != 1 || ratings["s1"] != 5 {
			t.Fatalf("ratings = %v", ratings)
		}

		if _, err := db.PlayQueue(ctx, ann.ID); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Fatalf("no queue: %v", err)
		}
		q := &musicify.PlayQueue{UserID: ann.ID, SongIDs: []string{"s1", "s2"}, Current: "s2", PositionMs: 1500, Changed: at, ChangedBy: "app"}
		must(db.SavePlayQueue(ctx, q))
		q.SongIDs, q.PositionMs = []string{"s2"}, 42
		must(db.SavePlayQueue(ctx, q))
		got, err := db.PlayQueue(ctx, ann.ID)
		must(err)
		if !slices.Equal(got.SongIDs, []string{"s2"}) || got.Current != "s2" || got.PositionMs != 42 || !got.Changed.Equal(at) || got.ChangedBy != "app" {
			t.Fatalf("queue = %+v", got)
		}
		// A song queued twice: the index says which place plays.
		must(db.SavePlayQueue(ctx, &musicify.PlayQueue{UserID: ann.ID, SongIDs: []string{"s1", "s2", "s1"}, Current: "s1", CurrentIndex: 2, Changed: at}))
		if got, err = db.PlayQueue(ctx, ann.ID); err != nil || got.CurrentIndex != 2 || got.Index() != 2 {
			t.Fatalf("queue by index = %+v %v", got, err)
		}
		must(db.SavePlayQueue(ctx, &musicify.PlayQueue{UserID: ann.ID, Changed: at}))
		if _, err := db.PlayQueue(ctx, ann.ID); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Fatalf("emptied queue: %v", err)
		}
	})
}

// A bookmark is one per user and song: saving again moves it and keeps
// when it was made; it needs a real song and goes with the song.
func TestSubsonicBookmarks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann, bob := newUser(t, db, "ann"), newUser(t, db, "bob")
		newSong(t, db, "s1", ann.ID)
		newSong(t, db, "s2", ann.ID)
		at := time.UnixMilli(1_700_000_000_000).UTC()
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		must(db.SaveBookmark(ctx, &musicify.Bookmark{UserID: ann.ID, SongID: "s1", PositionMs: 1000, Comment: "chapter 2", Created: at, Changed: at}))
		must(db.SaveBookmark(ctx, &musicify.Bookmark{UserID: ann.ID, SongID: "s2", PositionMs: 5, Created: at.Add(time.Second), Changed: at.Add(time.Second)}))
		later := at.Add(time.Hour)
		must(db.SaveBookmark(ctx, &musicify.Bookmark{UserID: ann.ID, SongID: "s1", PositionMs: 90_000, Comment: "chapter 3", Created: later, Changed: later}))
		must(db.SaveBookmark(ctx, &musicify.Bookmark{UserID: bob.ID, SongID: "s1", PositionMs: 7, Created: at, Changed: at}))
		list, err := db.Bookmarks(ctx, ann.ID)
		must(err)
		want := []musicify.Bookmark{
			{UserID: ann.ID, SongID: "s1", PositionMs: 90_000, Comment: "chapter 3", Created: at, Changed: later},
			{UserID: ann.ID, SongID: "s2", PositionMs: 5, Created: at.Add(time.Second), Changed: at.Add(time.Second)},
		}
		if !slices.Equal(list, want) {
			t.Fatalf("bookmarks = %+v, want %+v", list, want)
		}
		err = db.SaveBookmark(ctx, &musicify.Bookmark{UserID: ann.ID, SongID: "nope", Created: at, Changed: at})
		if musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Fatalf("bookmark of no song: %v", err)
		}
		must(db.DeleteBookmark(ctx, ann.ID, "s2"))
		must(db.DeleteBookmark(ctx, ann.ID, "s2")) // again: nothing there, no error
		must(db.DeleteSong(ctx, "s1"))
		for _, u := range []string{ann.ID, bob.ID} {
			if list, err := db.Bookmarks(ctx, u); err != nil || len(list) != 0 {
				t.Fatalf("after deletes: %+v %v", list, err)
			}
		}
	})
}
