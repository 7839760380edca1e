package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// A Jam is saved only over the version it was read at, so two instances
// changing it at once cannot lose a change; its members find it until it
// ends.
func TestJamsAreSavedOverTheirVersionAndFoundByMember(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann, bob := newUser(t, db, "ann"), newUser(t, db, "bob")
		newSong(t, db, "s1", ann.ID)
		at := time.Date(2026, 11, 28, 20, 0, 0, 0, time.UTC)
		j := &musicify.Jam{ID: "j1", HostID: ann.ID, Created: at, Anchor: at,
			Members: []musicify.JamMember{{UserID: ann.ID, Username: "ann", Joined: at}}}
		if err := db.CreateJam(ctx, j); err != nil {
			t.Fatal(err)
		}
		if _, err := db.JamOf(ctx, bob.ID); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Fatalf("bob is in a jam before joining: %v", err)
		}

		j.Members = append(j.Members, musicify.JamMember{UserID: bob.ID, Username: "bob", Joined: at})
		j.Queue = []musicify.JamEntry{{ID: "e1", SongID: "s1", Duration: 12.5, AddedBy: bob.ID}}
		j.Playing, j.Position, j.Anchor = true, 1500*time.Millisecond, at.Add(time.Second)
		if err := db.SaveJam(ctx, j, 0); err != nil || j.Version != 1 {
			t.Fatalf("saving over version 0: version %d, %v", j.Version, err)
		}
		if err := db.SaveJam(ctx, j, 0); musicify.ErrorCode(err) != musicify.ECONFLICT {
			t.Fatalf("a second save over version 0: %v", err)
		}
		got, err := db.Jam(ctx, "j1")
		if err != nil || got.Version != 1 || len(got.Members) != 2 || len(got.Queue) != 1 || got.Queue[0].AddedBy != bob.ID ||
			!got.Playing || got.Position != 1500*time.Millisecond || !got.Anchor.Equal(at.Add(time.Second)) || got.Ended {
			t.Fatalf("read back %+v, %v", got, err)
		}
		if id, err := db.JamOf(ctx, bob.ID); err != nil || id != "j1" {
			t.Fatalf("bob's jam: %q, %v", id, err)
		}

		got.Ended = true
		if err := db.SaveJam(ctx, got, 1); err != nil {
			t.Fatal(err)
		}
		if _, err := db.JamOf(ctx, ann.ID); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Fatalf("an ended jam is still ann's: %v", err)
		}
		if err := db.SaveJam(ctx, got, 2); musicify.ErrorCode(err) != musicify.ECONFLICT {
			t.Fatalf("an ended jam changed: %v", err)
		}
		if again, err := db.Jam(ctx, "j1"); err != nil || !again.Ended {
			t.Fatalf("the ended jam reads %+v, %v", again, err)
		}
		if _, err := db.Jam(ctx, "nope"); musicify.ErrorCode(err) != musicify.ENOTFOUND {
			t.Fatalf("an unknown jam: %v", err)
		}
	})
}
