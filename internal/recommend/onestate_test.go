package recommend

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
)

// Instances hold one state whatever order the events reached them in: one
// that applied every event live, one that loaded the database half way and
// applied the rest, and one that started after all of them (loading the
// database, which orders listens by time, not by arrival) recommend the
// very same songs with the same reasons to everyone, with or without a
// trained model. The worlds hold what real event logs do: listens played
// offline and sent late, likes taken back, songs deleted and added again,
// events about songs that are gone.
func TestEveryInstanceRecommendsTheSameWhateverOrderItLearnedIn(t *testing.T) {
	ctx := context.Background()
	for seed := range uint64(worlds) {
		r := rand.New(rand.NewPCG(seed, worldStream))
		w := newWorld(r)
		clock := w.now.Add(time.Hour)
		now := func() time.Time { return clock }
		engine := func(loaded int) *Engine {
			e := New(now)
			if err := e.Load(ctx, w.database(loaded)); err != nil {
				t.Fatal(err)
			}
			for _, ev := range w.events[loaded:] {
				if err := e.Apply(ctx, ev); err != nil {
					t.Fatal(err)
				}
			}
			return e
		}
		instances := []*Engine{engine(0), engine(w.loaded), engine(len(w.events))}
		compare := func(stage string) {
			for _, u := range w.users {
				want := instances[2].ForUserExplained(u, 20, Options{})
				for i, e := range instances[:2] {
					if got := e.ForUserExplained(u, 20, Options{}); !reflect.DeepEqual(got, want) {
						t.Fatalf("seed %d (%s), %s, %s: instance %d recommends %v, the one started last %v", seed, w, stage, u, i, got, want)
					}
				}
			}
		}
		compare("no model")
		ts, err := Collect(ctx, w.database(len(w.events)), w.now)
		if err != nil {
			t.Fatal(err)
		}
		if m, err := Train(ts, w.cfg); err == nil && m != nil {
			for _, e := range instances {
				e.SetModel(m)
			}
			compare("one model")
		}
	}
}
