package main

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/testserver"
)

// waitUntil polls cond until it holds; the guard only stops a hang.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never happened: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Two instances on one PostgreSQL and one NATS: what is written on A
// reaches B's recommendations and search while B runs, through the bus;
// an instance started later loads it; and while the broker is down an
// instance still catches up, from the event log.
func TestInstancesLearnFromEachOthersWrites(t *testing.T) {
	broker := testserver.OwnNATSServer(t)
	env := map[string]string{"MUSICIFY_DATABASE_URL": testserver.Postgres(t), "MUSICIFY_PUBSUB_URL": broker.URL,
		"MUSICIFY_STORAGE_URL": "file://" + t.TempDir()} // one machine's folder: local media is shared by instances there only
	busOnly := func(m *Main) { m.EventSync = time.Hour } // no reading the event log after start
	a := startMain(t, env, busOnly)
	b := startMain(t, env, busOnly)
	ctx := context.Background()
	if _, err := b.search.Find(ctx, musicify.KindSong, "midnight", 5); err != nil { // B's word list, before the song
		t.Fatal(err)
	}

	user := func(name string) *musicify.User {
		u := &musicify.User{Username: name, Email: name + "@example.com"}
		if err := a.DB.CreateUser(ctx, u); err != nil {
			t.Fatal(err)
		}
		return u
	}
	x, y, ann, bob := user("neon-harbor"), user("paper-moons"), user("ann"), user("bob")
	song := func(id, name string, by *musicify.User) {
		if err := a.DB.CreateSong(ctx, &musicify.Song{ID: id, Name: name, UserID: by.ID, Artist: by.Username,
			Format: "mp3", Size: 1, SHA256: id, AudioKey: "k/" + id}); err != nil {
			t.Fatal(err)
		}
	}
	song("s1", "Midnight Harbour", x)
	song("s2", "Chrome Sunset", y)
	song("s3", "Glass Garden", y)

	waitUntil(t, "B's search finds a song uploaded on A, typo and all", func() bool {
		ids, err := b.search.Find(ctx, musicify.KindSong, "midnigt harbor", 5)
		return err == nil && slices.Contains(ids, "s1")
	})
	if slices.Contains(b.engine.Similar("s1", 5), "s2") {
		t.Fatal("s2 is like s1 before anyone liked both")
	}
	for _, id := range []string{"s1", "s2"} {
		if _, err := a.DB.Like(ctx, ann.ID, id, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	for range 3 {
		if _, err := a.DB.AddView(ctx, "s3", bob.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	waitUntil(t, "B recommends from likes made on A", func() bool { return slices.Contains(b.engine.Similar("s1", 5), "s2") })
	waitUntil(t, "B ranks by listens made on A", func() bool { return slices.Equal(b.engine.Top(1), []string{"s3"}) })

	// B stops; A carries on; B starts again and has it all.
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		if _, err := a.DB.AddView(ctx, "s2", bob.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	c := startMain(t, env, func(m *Main) { m.EventSync = 20 * time.Millisecond })
	if top := c.engine.Top(1); !slices.Equal(top, []string{"s2"}) {
		t.Fatalf("an instance started after the listens ranks %v first, want s2", top)
	}

	// With the broker down nothing crosses the bus: C reads the event log.
	broker.Kill(t)
	for range 10 {
		if _, err := a.DB.AddView(ctx, "s1", ann.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	waitUntil(t, "C learns listens made on A while the broker is down", func() bool { return slices.Equal(c.engine.Top(1), []string{"s1"}) })
	broker.Resume(t)
}

// The event log does not grow for ever: the sweep at start drops events a
// week old, all but the newest.
func TestTheSweepDropsOldEvents(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"MUSICIFY_DATA_DIR": dir}
	a := startMain(t, env)
	ctx := context.Background()
	u := &musicify.User{Username: "ann", Email: "ann@example.com"}
	if err := a.DB.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"s1", "s2"} {
		if err := a.DB.CreateSong(ctx, &musicify.Song{ID: id, Name: id, UserID: u.ID, Format: "mp3", Size: 1, SHA256: id, AudioKey: "k/" + id}); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	later := startMain(t, env, func(m *Main) { m.Now = func() time.Time { return time.Now().Add(8 * 24 * time.Hour) } })
	waitUntil(t, "the week-old events are swept", func() bool {
		events, err := later.DB.EventsAfter(ctx, 0, 10)
		return err == nil && len(events) == 1 && events[0].Seq == 2
	})
}
