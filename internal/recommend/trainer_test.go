package recommend_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/blob"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/sqlstore"
)

// sharedWorld is two instances' view of one database and one blob store:
// jazz fans and metal fans, and their listens.
func sharedWorld(t *testing.T) (*sqlstore.DB, musicify.BlobStore) {
	t.Helper()
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(dir, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	blobs, err := blob.NewLocal(filepath.Join(dir, "media"))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	var users []*musicify.User
	var songs []*musicify.Song
	var listens []musicify.Interaction
	for u := 0; u < 10; u++ {
		name := fmt.Sprintf("fan%d", u)
		users = append(users, &musicify.User{ID: name, Username: name, Email: name + "@example.com", CreatedAt: now})
	}
	for i := 0; i < 12; i++ {
		genre := []string{"jazz", "metal"}[i%2]
		id := fmt.Sprintf("%s%d", genre, i/2)
		songs = append(songs, &musicify.Song{ID: id, UserID: "fan0", Name: id, Artist: genre + "-band", Format: "mp3",
			Duration: 180, Size: 1, SHA256: id, AudioKey: "songs/" + id + "/original.mp3", Created: now})
	}
	for u := 0; u < 10; u++ {
		genre := []string{"jazz", "metal"}[u%2]
		for i := 0; i < 6; i++ {
			if (u+i)%3 != 0 {
				listens = append(listens, musicify.Interaction{UserID: fmt.Sprintf("fan%d", u), SongID: fmt.Sprintf("%s%d", genre, i), At: now})
			}
		}
	}
	if err := db.Import(ctx, users, songs, listens); err != nil {
		t.Fatal(err)
	}
	return db, blobs
}

func TestOneInstanceTrainsAndTheOthersLoadWhatItStored(t *testing.T) {
	ctx := context.Background()
	db, blobs := sharedWorld(t)
	clock := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
	instance := func(holder string) *recommend.Trainer {
		e := recommend.New(func() time.Time { return clock })
		if err := e.Load(ctx, db); err != nil {
			t.Fatal(err)
		}
		return &recommend.Trainer{Engine: e, Source: db, Blobs: blobs, Lease: db, Holder: holder, After: 3, Every: time.Hour,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return clock }}
	}
	a, b := instance("a"), instance("b")
	step := func(tr *recommend.Trainer) {
		t.Helper()
		if err := tr.Step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	step(a)
	first := a.Engine.Model()
	if first == nil || first.Listeners != 10 {
		t.Fatalf("the lease holder trained %+v", first)
	}
	step(b)
	if m := b.Engine.Model(); m == nil || m.Kind != first.Kind || len(m.Nbr) != len(first.Nbr) || m.Cells != first.Cells {
		t.Fatalf("the other instance loaded %+v", m)
	}

	t.Run("nothing changed: no retrain", func(t *testing.T) {
		step(a)
		if a.Engine.Model() != first {
			t.Fatal("retrained with nothing new")
		}
	})
	t.Run("enough changed: a retrain, which the other loads", func(t *testing.T) {
		for i := 0; i < 3; i++ {
			a.Engine.Listened("fan1", fmt.Sprintf("jazz%d", i), clock) // a metal fan tries jazz
		}
		if err := db.Import(ctx, nil, nil, []musicify.Interaction{{UserID: "fan1", SongID: "jazz0", At: clock}}); err != nil {
			t.Fatal(err)
		}
		step(a)
		second := a.Engine.Model()
		if second == first || second.Cells != first.Cells+1 {
			t.Fatalf("after 3 changes: %+v", second)
		}
		step(b)
		if b.Engine.Model().Cells != second.Cells {
			t.Fatal("the other instance did not load the new model")
		}
		var stored []string
		if err := blobs.List(ctx, func(key string, _ int64, _ time.Time) error {
			stored = append(stored, key)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if len(stored) != 2 { // the pointer, and the one model it names
			t.Fatalf("stored: %v", stored)
		}
	})
	t.Run("the holder stops: another takes over when the lease runs out", func(t *testing.T) {
		for i := 0; i < 3; i++ {
			b.Engine.Listened("fan3", fmt.Sprintf("metal%d", i), clock)
		}
		held := b.Engine.Model()
		step(b)
		if b.Engine.Model() != held {
			t.Fatal("trained while another instance holds the lease")
		}
		clock = clock.Add(recommend.LeaseTTL - time.Second)
		step(b)
		if b.Engine.Model() != held {
			t.Fatal("took the training over before the holder's lease ran out")
		}
		clock = clock.Add(2 * time.Second) // the holder died: no heartbeat
		step(b)
		if b.Engine.Model() == held || !b.Engine.Model().TrainedAt.Equal(clock) {
			t.Fatal("did not take over the training")
		}
	})
}

// Queries and listens go on while the model is retrained and swapped in.
func TestRetrainingWhileServingIsSafe(t *testing.T) {
	ctx := context.Background()
	db, blobs := sharedWorld(t)
	e := recommend.New(time.Now)
	if err := e.Load(ctx, db); err != nil {
		t.Fatal(err)
	}
	tr := &recommend.Trainer{Engine: e, Source: db, Blobs: blobs, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 200; i++ {
			e.Listened(fmt.Sprintf("fan%d", 1+i%9), fmt.Sprintf("jazz%d", i%6), time.Now()) // fan0 uploaded every song: its own are never offered
			if len(e.ForUser(fmt.Sprintf("fan%d", 1+i%9), 5, recommend.Options{Explore: true})) == 0 {
				t.Error("an empty list while retraining")
				return
			}
		}
	}()
	for i := 0; i < 3; i++ {
		if err := tr.Train(ctx); err != nil {
			t.Fatal(err)
		}
	}
	<-done
	if e.Model() == nil {
		t.Fatal("no model after training")
	}
}

func TestANewInstallationWithNoListensTrainsNothingAndSaysNothingIsWrong(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(dir, "musicify.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	blobs, err := blob.NewLocal(filepath.Join(dir, "media"))
	if err != nil {
		t.Fatal(err)
	}
	e := recommend.New(time.Now)
	tr := &recommend.Trainer{Engine: e, Source: db, Blobs: blobs, Lease: db, Holder: "a", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := tr.Step(ctx); err != nil || e.Model() != nil {
		t.Fatalf("step: %v, model %v", err, e.Model())
	}
}

// listenHook is the shared world's database with something run on each
// read of the listens: a panic, or the instance being stopped.
type listenHook struct {
	*sqlstore.DB
	hook func()
}

func (l listenHook) EachListen(ctx context.Context, f func(musicify.Interaction) error) error {
	l.hook()
	return l.DB.EachListen(ctx, f)
}

func TestATrainerHandsItsLeaseOnWhenItStopsOrPanics(t *testing.T) {
	ctx := context.Background()
	db, blobs := sharedWorld(t)
	now := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
	othersTurn := func(t *testing.T) {
		t.Helper()
		ok, err := db.ClaimLease(ctx, "recommend-train", "b", now, now.Add(10*time.Minute))
		if err != nil || !ok {
			t.Fatalf("another instance cannot take the lease (%v, %v): it must not wait out the lease", ok, err)
		}
		if err := db.ReleaseLease(ctx, "recommend-train", "b"); err != nil {
			t.Fatal(err)
		}
	}
	trainer := func(hook func()) *recommend.Trainer {
		return &recommend.Trainer{Engine: recommend.New(func() time.Time { return now }), Source: listenHook{db, hook}, Blobs: blobs,
			Lease: db, Holder: "a", Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return now }}
	}
	t.Run("stopped while training", func(t *testing.T) {
		ctx, cancel := context.WithCancel(ctx)
		trainer(cancel).Run(ctx, time.Hour)
		othersTurn(t)
	})
	t.Run("panicking while training", func(t *testing.T) {
		func() {
			defer func() {
				if v := recover(); v != "index out of range" {
					t.Fatalf("recovered %v", v)
				}
			}()
			trainer(func() { panic("index out of range") }).Run(ctx, time.Hour)
		}()
		othersTurn(t)
	})
}

// leaseWatch is the database as a lease, telling of every claim.
type leaseWatch struct {
	*sqlstore.DB
	claims chan<- time.Time // the now of each claim that holds
}

func (l leaseWatch) ClaimLease(ctx context.Context, name, holder string, now, until time.Time) (bool, error) {
	ok, err := l.DB.ClaimLease(ctx, name, holder, now, until)
	if ok && err == nil {
		select {
		case l.claims <- now:
		default: // nobody is listening any more
		}
	}
	return ok, err
}

// A training longer than the lease keeps it: the heartbeat renews it while
// the model is built, so no second instance trains beside it.
func TestTheHeartbeatKeepsTheLeaseThroughALongTraining(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	db, blobs := sharedWorld(t)
	var mu sync.Mutex
	now := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	claims := make(chan time.Time, 100)
	training := func() {
		mu.Lock()
		now = now.Add(3 * recommend.LeaseTTL) // a long training
		later := now
		mu.Unlock()
		guard := time.After(time.Minute) // against a hang, not a speed check
		for renewed := false; !renewed; {
			select {
			case at := <-claims: // the heartbeat renews at the new time
				renewed = !at.Before(later)
			case <-guard:
				t.Error("no heartbeat renewed the lease during the training")
				cancel()
				return
			}
		}
		ok, err := db.ClaimLease(ctx, "recommend-train", "b", later, later.Add(recommend.LeaseTTL))
		if err != nil || ok {
			t.Errorf("another instance took the lease in the middle of a training (%v, %v)", ok, err)
		}
		cancel()
	}
	tr := &recommend.Trainer{Engine: recommend.New(clock), Source: listenHook{db, training}, Blobs: blobs,
		Lease: leaseWatch{db, claims}, Holder: "a", Logger: slog.New(slog.DiscardHandler), Now: clock, Heartbeat: time.Millisecond}
	tr.Run(ctx, time.Hour)
}
