package sqlstore_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/sqlstore"
	"github.com/musicify/musicify/internal/sqlstore/storetest"
)

// published records what the store hands on after each commit.
type published struct {
	mu     sync.Mutex
	events []musicify.Event
}

func (p *published) Publish(_ context.Context, events ...musicify.Event) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.events = append(p.events, events...)
	return nil
}

// newUser stores a user named name and returns it with its id.
func newUser(t *testing.T, db *sqlstore.DB, name string) *musicify.User {
	t.Helper()
	u := &musicify.User{Username: name, Email: name + "@example.com"}
	if err := db.CreateUser(context.Background(), u); err != nil {
		t.Fatal(err)
	}
	return u
}

func newSong(t *testing.T, db *sqlstore.DB, id, userID string) {
	t.Helper()
	if err := db.CreateSong(context.Background(), &musicify.Song{ID: id, Name: "Song " + id, UserID: userID,
		Format: "mp3", Size: 1, SHA256: id, AudioKey: "k/" + id}); err != nil {
		t.Fatal(err)
	}
}

// Every write that matters to a subscriber stores its event with the change,
// numbered 1, 2, 3…; a write that fails or changes nothing stores none.
func TestEveryWriteStoresItsEventInTheEventLog(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		out := &published{}
		db.Events = out
		ctx := context.Background()
		ann := newUser(t, db, "ann")
		at := time.UnixMilli(1_700_000_000_000).UTC()
		newSong(t, db, "s1", ann.ID)
		newSong(t, db, "s2", ann.ID)
		must := func(err error) {
			t.Helper()
			if err != nil {
				t.Fatal(err)
			}
		}
		_, err := db.AddView(ctx, "s1", ann.ID, at)
		must(err)
		_, err = db.Like(ctx, ann.ID, "s1", at)
		must(err)
		_, err = db.Like(ctx, ann.ID, "s1", at) // changes nothing
		must(err)
		if _, err := db.Like(ctx, ann.ID, "nope", at); err == nil {
			t.Fatal("liking a missing song worked")
		}
		must(db.Unlike(ctx, ann.ID, "s1"))
		must(db.Unlike(ctx, ann.ID, "s1")) // changes nothing
		must(db.AddInterest(ctx, ann.ID, "s2", at))
		p := &musicify.Playlist{UserID: ann.ID, Name: "Mix"}
		must(db.CreatePlaylist(ctx, p))
		must(db.AddPlaylistSong(ctx, p.ID, "s1"))
		must(db.AddPlaylistSong(ctx, p.ID, "s2"))
		if err := db.AddPlaylistSong(ctx, p.ID, "s2"); err == nil {
			t.Fatal("adding a song twice worked")
		}
		must(db.RemovePlaylistSong(ctx, p.ID, "s1"))
		must(db.DeletePlaylist(ctx, p.ID))
		must(db.SetTranscript(ctx, "s2", musicify.TranscriptDone, "harbour lights"))
		must(db.DeleteSong(ctx, "s1"))

		want := []string{
			"song.added s1 {Song s1 ann []   }", "song.added s2 {Song s2 ann []   }", "listened s1", "liked s1", "unliked s1",
			"interested s2", "playlist.changed [s1]", "playlist.changed [s1 s2]", "playlist.changed [s2]",
			"playlist.changed []", "song.added s2 {Song s2 ann []   harbour lights}", "song.removed s1",
		}
		events, err := db.EventsAfter(ctx, 0, 100)
		must(err)
		if got := describe(t, events); !slices.Equal(got, want) {
			t.Fatalf("event log:\n%q\nwant\n%q", got, want)
		}
		for i, e := range events {
			if e.Seq != uint64(i+1) {
				t.Fatalf("event %d has seq %d", i, e.Seq)
			}
			if (e.Type == musicify.EventListened || e.Type == musicify.EventLiked) && (!e.At.Equal(at) || e.UserID != ann.ID) {
				t.Fatalf("%s: at %v by %q, want %v by ann", e.Type, e.At, e.UserID, at)
			}
		}
		if !slices.EqualFunc(out.events, events, func(a, b musicify.Event) bool { return a.Seq == b.Seq && a.Type == b.Type }) {
			t.Fatalf("published %v, stored %v", out.events, events)
		}
		if last, err := db.LastEventSeq(ctx); err != nil || last != uint64(len(want)) {
			t.Fatalf("LastEventSeq = %d, %v", last, err)
		}
		page, err := db.EventsAfter(ctx, 3, 2)
		must(err)
		if len(page) != 2 || page[0].Seq != 4 || page[1].Seq != 5 {
			t.Fatalf("EventsAfter(3, 2) = %v", page)
		}
	})
}

func describe(t *testing.T, events []musicify.Event) []string {
	var out []string
	for _, e := range events {
		s := string(e.Type)
		switch e.Type {
		case musicify.EventSongAdded:
			var d musicify.SongData
			if err := json.Unmarshal(e.Data, &d); err != nil {
				t.Fatal(err)
			}
			s += fmt.Sprintf(" %s %v", e.SongID, d)
		case musicify.EventPlaylistChanged:
			var d musicify.PlaylistData
			if err := json.Unmarshal(e.Data, &d); err != nil {
				t.Fatal(err)
			}
			s += fmt.Sprintf(" %v", d.Songs)
		default:
			s += " " + e.SongID
		}
		out = append(out, s)
	}
	return out
}

// Writers at once still number their events 1…n with no gap and no
// number twice: on PostgreSQL they queue on a lock to take the next one.
func TestEventsFromConcurrentWritersAreNumberedWithoutGaps(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann := newUser(t, db, "ann")
		newSong(t, db, "s1", ann.ID)
		const writers, each = 8, 10
		var wg sync.WaitGroup
		errs := make(chan error, writers*each)
		for range writers {
			wg.Go(func() {
				for range each {
					// Interests lock no row that would queue the writers anyway.
					if err := db.AddInterest(ctx, ann.ID, "s1", time.Now()); err != nil {
						errs <- err
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		events, err := db.EventsAfter(ctx, 0, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != writers*each+1 {
			t.Fatalf("%d events, want %d", len(events), writers*each+1)
		}
		for i, e := range events {
			if e.Seq != uint64(i+1) {
				t.Fatalf("event %d has seq %d", i, e.Seq)
			}
		}
	})
}

// A snapshot sees the database of one moment: what commits meanwhile is in
// neither its last event nor its rows, so a subscriber that loads from it
// and then follows from its last event counts every change once.
func TestASnapshotSeesNoWriteThatCommitsDuringIt(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann := newUser(t, db, "ann")
		newSong(t, db, "s1", ann.ID)
		listens := func(src *sqlstore.DB) int {
			n := 0
			if err := src.EachListen(ctx, func(musicify.Interaction) error { n++; return nil }); err != nil {
				t.Fatal(err)
			}
			return n
		}
		err := db.Snapshot(ctx, func(snap *sqlstore.DB) error {
			before, err := snap.LastEventSeq(ctx)
			if err != nil {
				return err
			}
			if _, err := db.AddView(ctx, "s1", ann.ID, time.Now()); err != nil {
				return err
			}
			after, err := snap.LastEventSeq(ctx)
			if err != nil {
				return err
			}
			if after != before || listens(snap) != 0 {
				t.Errorf("the snapshot saw a later write: last event %d then %d, %d listens", before, after, listens(snap))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if listens(db) != 1 {
			t.Fatal("the write during the snapshot was lost")
		}
	})
}

// Old events go, but never the newest: numbering goes on from it, so a
// follower never sees a number again that it has already applied.
func TestDeletingOldEventsKeepsTheNumberingGoing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, open storetest.Opener) {
		db := open(t)
		ctx := context.Background()
		ann := newUser(t, db, "ann")
		t0 := time.UnixMilli(1_700_000_000_000).UTC()
		db.Now = func() time.Time { return t0 }
		newSong(t, db, "s1", ann.ID) // seq 1, at t0
		for _, days := range []int{1, 10} {
			if err := db.AddInterest(ctx, ann.ID, "s1", t0.AddDate(0, 0, days)); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := db.DeleteEventsBefore(ctx, t0.AddDate(0, 0, 5)); err != nil || n != 2 {
			t.Fatalf("deleted %d, %v; want the 2 older than 5 days", n, err)
		}
		if n, err := db.DeleteEventsBefore(ctx, t0.AddDate(0, 0, 50)); err != nil || n != 0 {
			t.Fatalf("deleted %d, %v; want the newest kept", n, err)
		}
		if err := db.AddInterest(ctx, ann.ID, "s1", t0); err != nil {
			t.Fatal(err)
		}
		events, err := db.EventsAfter(ctx, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(events) != 2 || events[0].Seq != 3 || events[1].Seq != 4 {
			t.Fatalf("left %v, want seq 3 and a new 4", events)
		}
	})
}
