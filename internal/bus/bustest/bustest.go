// Package bustest is the contract every Bus driver passes: the suite is
// the definition of the port.
package bustest

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/bus"
	"github.com/musicify/musicify/internal/musicify"
)

// Harness makes what the suite runs against.
type Harness struct {
	// New returns a bus. Buses from two calls share one broker, as two
	// instances do; a driver with no broker may return the same bus.
	New func(t *testing.T) musicify.Bus
	// Kill stops the broker as a crash does and Resume starts it again;
	// nil for a driver without a broker, which has nothing to restart.
	Kill, Resume func(t *testing.T)
}

// guard bounds every wait: a hang fails the test, slowness does not.
const guard = 60 * time.Second

// Run runs the contract.
func Run(t *testing.T, h Harness) {
	t.Run("every event reaches every subscriber in order per publisher", func(t *testing.T) { everyEvent(t, h) })
	t.Run("a subscriber that was down catches up from the log", func(t *testing.T) { catchUp(t, h) })
	t.Run("a cancelled subscription stops and leaves no goroutine", func(t *testing.T) { cancelled(t, h) })
	if h.Kill != nil {
		t.Run("a broker restart mid-stream loses nothing once catch-up runs", func(t *testing.T) { restart(t, h) })
	}
}

// waitFor polls cond until it holds or the guard runs out.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(guard)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", guard, what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

type mark struct {
	From string `json:"from"`
	N    int    `json:"n"`
}

// received is what one subscriber got, in arrival order.
type received struct {
	mu    sync.Mutex
	marks []mark
}

func (r *received) handle(_ context.Context, e musicify.Event) {
	var m mark
	_ = json.Unmarshal(e.Data, &m)
	r.mu.Lock()
	r.marks = append(r.marks, m)
	r.mu.Unlock()
}

func (r *received) snapshot() []mark {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.marks)
}

func everyEvent(t *testing.T, h Harness) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	buses := []musicify.Bus{h.New(t), h.New(t)}
	var subs []*received
	for _, b := range buses {
		for range 2 {
			r := &received{}
			if err := b.Subscribe(ctx, r.handle); err != nil {
				t.Fatal(err)
			}
			subs = append(subs, r)
		}
	}
	const n = 300
	var wg sync.WaitGroup
	for i, b := range buses {
		from := fmt.Sprint("publisher-", i)
		wg.Go(func() {
			for k := range n {
				data, _ := json.Marshal(mark{From: from, N: k})
				if err := b.Publish(ctx, musicify.Event{Type: musicify.EventListened, Data: data}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	for i, r := range subs {
		waitFor(t, fmt.Sprintf("subscriber %d to get %d events", i, 2*n), func() bool {
			seen := map[mark]bool{}
			for _, m := range r.snapshot() {
				seen[m] = true
			}
			return len(seen) == 2*n
		})
		next := map[string]int{} // per publisher, the first sight of each event comes in order
		for _, m := range r.snapshot() {
			if m.N > next[m.From] {
				t.Fatalf("subscriber %d got %s's event %d before %d", i, m.From, m.N, next[m.From])
			}
			if m.N == next[m.From] {
				next[m.From]++
			}
		}
	}
}

// applied is a subscriber's state behind a Follower: the Seqs it applied.
type applied struct {
	mu   sync.Mutex
	seqs []uint64
}

func (a *applied) apply(_ context.Context, e musicify.Event) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.seqs = append(a.seqs, e.Seq)
	return nil
}

// exactly fails unless 1..n were applied, once each, in order.
func (a *applied) exactly(t *testing.T, n uint64) {
	t.Helper()
	a.mu.Lock()
	defer a.mu.Unlock()
	for i, s := range a.seqs {
		if s != uint64(i)+1 {
			t.Fatalf("applied %v, want 1…%d once each in order", a.seqs, n)
		}
	}
	if uint64(len(a.seqs)) != n {
		t.Fatalf("applied %d events, want %d", len(a.seqs), n)
	}
}

// follow subscribes f to b until ctx ends, then syncs it with the log.
func follow(ctx context.Context, t *testing.T, b musicify.Bus, f *bus.Follower) {
	t.Helper()
	if err := b.Subscribe(ctx, func(ctx context.Context, e musicify.Event) { _ = f.Handle(ctx, e) }); err != nil {
		t.Fatal(err)
	}
	if err := f.Sync(ctx); err != nil {
		t.Fatal(err)
	}
}

// store writes an event to the log, as the transaction does, then
// publishes it; a failed publish is left to the catch-up, as services do.
func store(ctx context.Context, log *Log, b musicify.Bus) uint64 {
	e := log.Append(musicify.Event{Type: musicify.EventLiked, At: time.Now()})
	_ = b.Publish(ctx, e)
	return e.Seq
}

func catchUp(t *testing.T, h Harness) {
	ctx := context.Background()
	log, pub, sub := &Log{}, h.New(t), h.New(t)
	state := &applied{}
	first := bus.NewFollower(log, 0, state.apply)
	up, down := context.WithCancel(ctx)
	follow(up, t, sub, first)
	for range 10 {
		store(ctx, log, pub)
	}
	waitFor(t, "the first 10 events", func() bool { return first.Last() == 10 })
	down()
	for range 10 { // while the subscriber is down
		store(ctx, log, pub)
	}
	again, stop := context.WithCancel(ctx)
	defer stop()
	second := bus.NewFollower(log, first.Last(), state.apply)
	follow(again, t, sub, second)
	for range 10 {
		store(ctx, log, pub)
	}
	waitFor(t, "all 30 events", func() bool { return second.Last() == 30 })
	state.exactly(t, 30)
}

func cancelled(t *testing.T, h Harness) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	b := h.New(t)
	barrier := &received{}
	if err := b.Subscribe(ctx, barrier.handle); err != nil {
		t.Fatal(err)
	}
	publish := func(n int) {
		data, _ := json.Marshal(mark{N: n})
		if err := b.Publish(ctx, musicify.Event{Type: musicify.EventPresence, Data: data}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the barrier subscriber", func() bool { return len(barrier.snapshot()) == n+1 })
	}
	publish(0)
	before := runtime.NumGoroutine()

	subCtx, unsubscribe := context.WithCancel(ctx)
	subs := make([]*received, 20)
	for i := range subs {
		subs[i] = &received{}
		if err := b.Subscribe(subCtx, subs[i].handle); err != nil {
			t.Fatal(err)
		}
	}
	publish(1)
	for i, r := range subs {
		waitFor(t, fmt.Sprint("subscriber ", i), func() bool { return len(r.snapshot()) == 1 })
	}
	unsubscribe()
	publish(2) // the barrier has it: the cancelled would have had it too
	for i, r := range subs {
		if got := len(r.snapshot()); got != 1 {
			t.Fatalf("subscriber %d got %d events, the last after it was cancelled", i, got)
		}
	}
	waitFor(t, fmt.Sprintf("goroutines to fall back to %d", before), func() bool { return runtime.NumGoroutine() <= before })
}

func restart(t *testing.T, h Harness) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	log, pub, sub := &Log{}, h.New(t), h.New(t)
	state := &applied{}
	f := bus.NewFollower(log, 0, state.apply) // no timer: only the bus triggers catch-up
	follow(ctx, t, sub, f)
	for range 20 {
		store(ctx, log, pub)
	}
	waitFor(t, "the first 20 events", func() bool { return f.Last() == 20 })
	h.Kill(t)
	for range 20 { // published while the broker is down
		store(ctx, log, pub)
	}
	h.Resume(t)
	// Once both ends are back an event arrives live, and the gap before
	// it is filled from the log. Until then each lost one is retried by
	// the next.
	deadline := time.Now().Add(guard)
	for {
		last := store(ctx, log, pub)
		if waitUntil(time.Second, func() bool { return f.Last() >= last }) {
			state.exactly(t, last)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("no event arrived within %v of the broker's restart (applied up to %d)", guard, f.Last())
		}
	}
}

// waitUntil reports whether cond held within d.
func waitUntil(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}
