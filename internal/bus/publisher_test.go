package bus_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/bus"
	"github.com/musicify/musicify/internal/bus/local"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/sqlstore"
)

// instance is one store handle with its recommender, as one Main wires it.
type instance struct {
	db     *sqlstore.DB
	engine *recommend.Engine
}

func start(t *testing.T, path string, b *local.Bus) *instance {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	db, err := sqlstore.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	engine := recommend.New(time.Now)
	f := bus.NewFollower(db, 0, engine.Apply)
	db.Events = &bus.Publisher{Bus: b, Local: []*bus.Follower{f}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f.Run(ctx, b, time.Hour) // the bus only, after the first read
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		db.Close()
	})
	return &instance{db: db, engine: engine}
}

// Two handles on one database with one bus: the writer's recommender has
// learnt when the write returns, the other learns through the bus.
func TestAWriteTeachesThisInstanceAtOnceAndTheOtherThroughTheBus(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.db")
	b := local.New()
	t.Cleanup(func() { b.Close() })
	a, other := start(t, path, b), start(t, path, b)
	ctx := context.Background()
	u := &musicify.User{Username: "ann", Email: "ann@example.com"}
	if err := a.db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"s1", "s2"} {
		if err := a.db.CreateSong(ctx, &musicify.Song{ID: id, Name: id, UserID: u.ID, Format: "mp3", Size: 1, SHA256: id, AudioKey: "k/" + id}); err != nil {
			t.Fatal(err)
		}
	}
	for range 2 {
		if _, err := a.db.AddView(ctx, "s2", u.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	if top := a.engine.Top(1); !slices.Equal(top, []string{"s2"}) {
		t.Fatalf("the writer's top is %v right after the write, want s2", top)
	}
	deadline := time.Now().Add(60 * time.Second)
	for !slices.Equal(other.engine.Top(1), []string{"s2"}) {
		if time.Now().After(deadline) {
			t.Fatalf("the other instance never learnt: top %v", other.engine.Top(1))
		}
		time.Sleep(5 * time.Millisecond)
	}
}
