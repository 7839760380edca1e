package sqlstore_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

func TestAListenCountsOncePerSongLengthAndAFewTimesADay(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		u := &musicify.User{Username: "ann", Email: "ann@example.com"}
		if err := db.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		song := &musicify.Song{ID: "s1", Name: "Low Tide", UserID: u.ID, Artist: "ann", Format: "mp3", Duration: 180, Size: 1, SHA256: "x", AudioKey: "k"}
		if err := db.CreateSong(ctx, song); err != nil {
			t.Fatal(err)
		}
		rule := musicify.ListenRule{MinGap: 30 * time.Second, PerDay: 4}
		at := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
		for _, step := range []struct {
			name  string
			at    time.Time
			count int64
			ok    bool
		}{
			{"the first listen", at, 1, true},
			{"the same request again", at, 1, false},
			{"a minute later, within the song", at.Add(time.Minute), 1, false},
			{"once the song could have ended", at.Add(3 * time.Minute), 2, true},
			{"an offline play reported late, before the first", at.Add(-10 * time.Minute), 3, true},
			{"a late one within a song of another", at.Add(-8 * time.Minute), 3, false},
			{"the fourth of the day", at.Add(time.Hour), 4, true},
			{"the fifth of the day", at.Add(2 * time.Hour), 4, false},
			{"the next day", at.Add(25 * time.Hour), 5, true},
		} {
			count, ok, err := db.CountListen(ctx, song.ID, u.ID, step.at, rule)
			if err != nil || count != step.count || ok != step.ok {
				t.Fatalf("%s: count %d, counted %v, %v; want %d, %v", step.name, count, ok, err, step.count, step.ok)
			}
		}
		if _, _, err := db.CountListen(ctx, "nope", u.ID, at, rule); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Errorf("an unknown song: %v", err)
		}

		// Requests racing each other count one listen.
		other := &musicify.Song{ID: "s2", Name: "Foam", UserID: u.ID, Artist: "ann", Format: "mp3", Duration: 120, Size: 1, SHA256: "y", AudioKey: "k2"}
		if err := db.CreateSong(ctx, other); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var counted atomic.Int32
		for range 20 {
			wg.Go(func() {
				_, ok, err := db.CountListen(ctx, other.ID, u.ID, at, rule)
				if err != nil {
					t.Error(err)
				}
				if ok {
					counted.Add(1)
				}
			})
		}
		wg.Wait()
		if n := counted.Load(); n != 1 {
			t.Errorf("20 racing requests counted %d listens", n)
		}
	})
}
