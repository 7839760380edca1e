package bus_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/bus"
	"github.com/musicify/musicify/internal/bus/bustest"
	"github.com/musicify/musicify/internal/musicify"
)

// recorder is a subscriber's state: the Seqs it applied, in order.
type recorder struct {
	seqs []uint64
	fail map[uint64]int // Seq → how many more times applying it fails
}

func (r *recorder) apply(_ context.Context, e musicify.Event) error {
	if r.fail[e.Seq] > 0 {
		r.fail[e.Seq]--
		return errors.New("the index is busy")
	}
	r.seqs = append(r.seqs, e.Seq)
	return nil
}

func seqs(from, to uint64) []uint64 {
	var s []uint64
	for i := from; i <= to; i++ {
		s = append(s, i)
	}
	return s
}

// stored appends n events to log and returns them with their Seqs.
func stored(log *bustest.Log, n int) []musicify.Event {
	var out []musicify.Event
	for range n {
		out = append(out, log.Append(musicify.Event{Type: musicify.EventLiked}))
	}
	return out
}

func TestFollowerAppliesEachEventOnceInOrder(t *testing.T) {
	ctx := context.Background()
	t.Run("duplicates are skipped", func(t *testing.T) {
		log, r := &bustest.Log{}, &recorder{}
		ev := stored(log, 2)
		f := bus.NewFollower(log, 0, r.apply)
		for _, e := range []musicify.Event{ev[0], ev[1], ev[1], ev[0]} {
			if err := f.Handle(ctx, e); err != nil {
				t.Fatal(err)
			}
		}
		if want := seqs(1, 2); !slices.Equal(r.seqs, want) {
			t.Fatalf("applied %v, want %v", r.seqs, want)
		}
	})
	t.Run("a gap is filled from the log before the event that revealed it", func(t *testing.T) {
		log, r := &bustest.Log{}, &recorder{}
		ev := stored(log, 7)
		f := bus.NewFollower(log, 0, r.apply)
		f.Batch = 2 // the gap takes several reads
		if err := f.Handle(ctx, ev[6]); err != nil {
			t.Fatal(err)
		}
		_ = f.Handle(ctx, ev[3]) // arrives late: already applied
		if want := seqs(1, 7); !slices.Equal(r.seqs, want) || f.Last() != 7 {
			t.Fatalf("applied %v (last %d), want %v", r.seqs, f.Last(), want)
		}
	})
	t.Run("Sync catches up from where the state was loaded", func(t *testing.T) {
		log, r := &bustest.Log{}, &recorder{}
		stored(log, 5)
		f := bus.NewFollower(log, 2, r.apply)
		if err := f.Sync(ctx); err != nil {
			t.Fatal(err)
		}
		if want := seqs(3, 5); !slices.Equal(r.seqs, want) {
			t.Fatalf("applied %v, want %v", r.seqs, want)
		}
	})
	t.Run("a failed apply is tried again, not skipped", func(t *testing.T) {
		log, r := &bustest.Log{}, &recorder{fail: map[uint64]int{2: 1}}
		ev := stored(log, 3)
		f := bus.NewFollower(log, 0, r.apply)
		_ = f.Handle(ctx, ev[0])
		if err := f.Handle(ctx, ev[1]); err == nil {
			t.Fatal("a failed apply returned no error")
		}
		if err := f.Handle(ctx, ev[2]); err != nil {
			t.Fatal(err)
		}
		if want := seqs(1, 3); !slices.Equal(r.seqs, want) {
			t.Fatalf("applied %v, want %v", r.seqs, want)
		}
	})
	t.Run("while the log is down a gap waits rather than being skipped", func(t *testing.T) {
		log, r := &bustest.Log{}, &recorder{}
		ev := stored(log, 3)
		f := bus.NewFollower(log, 0, r.apply)
		log.SetFail(true)
		if err := f.Handle(ctx, ev[2]); err == nil {
			t.Fatal("an unfillable gap returned no error")
		}
		if len(r.seqs) != 0 {
			t.Fatalf("applied %v past a gap it could not fill", r.seqs)
		}
		log.SetFail(false)
		if err := f.Sync(ctx); err != nil {
			t.Fatal(err)
		}
		if want := seqs(1, 3); !slices.Equal(r.seqs, want) {
			t.Fatalf("applied %v, want %v", r.seqs, want)
		}
	})
	t.Run("a Seq a rolled-back transaction never stored does not hold it up", func(t *testing.T) {
		log, r := &bustest.Log{}, &recorder{}
		ev := stored(log, 4)
		log.Drop(3)
		f := bus.NewFollower(log, 0, r.apply)
		if err := f.Handle(ctx, ev[3]); err != nil {
			t.Fatal(err)
		}
		if want := []uint64{1, 2, 4}; !slices.Equal(r.seqs, want) {
			t.Fatalf("applied %v, want %v", r.seqs, want)
		}
	})
	t.Run("live-only events are applied as they come", func(t *testing.T) {
		log, r := &bustest.Log{}, &recorder{}
		f := bus.NewFollower(log, 0, r.apply)
		for range 2 {
			if err := f.Handle(ctx, musicify.Event{Type: musicify.EventPresence}); err != nil {
				t.Fatal(err)
			}
		}
		if want := []uint64{0, 0}; !slices.Equal(r.seqs, want) || f.Last() != 0 {
			t.Fatalf("applied %v (last %d), want %v", r.seqs, f.Last(), want)
		}
	})
}

// brokenBus cannot subscribe, as a NATS connection that times out does.
type brokenBus struct{ musicify.Bus }

func (brokenBus) Subscribe(context.Context, func(context.Context, musicify.Event)) error {
	return errors.New("nats: timeout")
}

// A follower whose bus cannot subscribe still learns everything from the
// log, on its periodic sync, instead of stopping.
func TestAFollowerWithoutItsBusKeepsReadingTheLog(t *testing.T) {
	log := &bustest.Log{}
	stored(log, 3)
	applied := make(chan uint64, 3)
	f := bus.NewFollower(log, 0, func(_ context.Context, e musicify.Event) error {
		applied <- e.Seq
		return nil
	})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { f.Run(ctx, brokenBus{}, time.Hour); close(done) }()
	for want := uint64(1); want <= 3; want++ {
		select {
		case got := <-applied:
			if got != want {
				t.Fatalf("applied %d, want %d", got, want)
			}
		case <-done:
			t.Fatal("Run stopped before reading the log")
		case <-time.After(60 * time.Second): // a guard against a hang
			t.Fatal("the log was never read")
		}
	}
	cancel()
	<-done
}
