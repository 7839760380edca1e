package main

import (
	"context"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/library"
	"github.com/musicify/musicify/internal/musicify"
)

// The first listen on a new server with one person and a music folder: the
// recommender trains on it and nothing panics (startMain fails the test on
// any panic the supervisor recovers). A server once died here.
func TestOnePersonsFirstListenTrainsTheRecommender(t *testing.T) {
	m := startMain(t, map[string]string{"MUSICIFY_LIBRARY_DIRS": musicFolder(t)},
		func(m *Main) { m.TrainPoll = 10 * time.Millisecond })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := m.Scanner.(*library.Scanner).WaitFor(ctx, func(st musicify.ScanStatus) bool { return !st.Finished.IsZero() && !st.Running }); err != nil {
		t.Fatal(err)
	}
	songs, err := m.DB.Songs(ctx)
	if err != nil || len(songs) != 2 {
		t.Fatalf("songs %v, %v", songs, err)
	}
	owner := &musicify.User{Username: "owner", Email: "owner@example.com"}
	if err := m.DB.CreateUser(ctx, owner); err != nil {
		t.Fatal(err)
	}
	if _, err := m.DB.AddView(ctx, songs[0].ID, owner.ID, time.Now()); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "a model learned from the one listen", func() bool {
		model := m.engine.Model()
		return model != nil && model.Listeners == 1 && model.Cells == 1
	})
}
