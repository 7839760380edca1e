package recommend

import (
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// worlds is how many random worlds the property test builds: most are
// small, a few hold thousands of songs, and together they reach every shape.
const worlds = 100

// Whatever a server holds, training, loading, live events and every query
// neither panic nor break what they promise (see checker). A failure names
// its seed: newWorld(rand.New(rand.NewPCG(seed, worldStream))) builds it again.
func TestNoWorldBreaksTheRecommender(t *testing.T) {
	for seed := range uint64(worlds) {
		r := rand.New(rand.NewPCG(seed, worldStream))
		w := newWorld(r)
		t.Run(fmt.Sprintf("seed %d: %s", seed, w), func(t *testing.T) { w.run(t, r) })
	}
}

// FuzzRecommend builds a world from the fuzzer's bytes: they choose the
// shape, the sizes and then every event, until they run out.
func FuzzRecommend(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		r := rand.New(newByteSource(data))
		w := newWorld(r)
		t.Logf("world: %s", w)
		w.run(t, r)
	})
}

// worldStream is the PCG stream the property test's worlds come from.
const worldStream = 0x6d75736963696679

func (w *world) String() string {
	return fmt.Sprintf("%s, %d people, %d songs, %d events", w.shape, len(w.users), len(w.songs), len(w.events))
}

// run starts an engine from the world's database, feeds it the events
// after, trains a model half way and sets it, then asks it everything; a
// second instance that saw only the latest events gets the model as
// stored, with songs it never heard of.
func (w *world) run(t *testing.T, r *rand.Rand) {
	defer func() {
		if p := recover(); p != nil {
			t.Fatalf("%s: panic: %v\n%s", w, p, debug.Stack())
		}
	}()
	ctx := context.Background()
	clock := w.now
	now := func() time.Time { return clock }
	e, loaded := New(now), w.database(w.loaded)
	if err := e.Load(ctx, loaded); err != nil {
		t.Fatalf("loading: %v", err)
	}
	e.SetApplied(uint64(w.loaded))
	replays := true
	apply := func(e *Engine, from, to int) {
		for i := from; i < to; i++ {
			if err := e.Apply(ctx, w.events[i]); err != nil {
				t.Fatalf("applying event %d: %v", i+1, err)
			}
			if replays && r.IntN(10) == 0 { // the last event again, or an older one
				if err := e.Apply(ctx, w.events[i-r.IntN(2)*r.IntN(i+1)]); err != nil {
					t.Fatalf("replaying an event: %v", err)
				}
			}
		}
	}
	apply(e, w.loaded, w.trained)
	ts, err := Collect(ctx, w.database(w.trained), w.now)
	if err != nil {
		t.Fatalf("collecting: %v", err)
	}
	m, err := Train(ts, w.cfg)
	checkModel(t, ts, w.cfg, m, err)
	if m != nil {
		e.SetModel(m)
	}
	apply(e, w.trained, len(w.events))
	// Replays changed nothing: an engine that had each event once learned the same.
	once := New(now)
	if err := once.Load(ctx, loaded); err != nil {
		t.Fatalf("loading: %v", err)
	}
	once.SetApplied(uint64(w.loaded))
	replays = false
	apply(once, w.loaded, len(w.events))
	if err := sameLearning(e, once); err != nil {
		t.Fatalf("%s: replayed events changed the engine: %v", w, err)
	}
	clock = w.now.Add(time.Hour) // past the popularity cache of the loading
	c := &checker{t: t, r: r, e: e, cat: catalogOf(w.events), w: w}
	c.all(4)
	// The most played song deleted this very second is gone from every
	// list, though the ranking by plays it was cached in is not.
	if top := e.Top(1); len(top) > 0 {
		gone := musicify.Event{Seq: uint64(len(w.events) + 1), Type: musicify.EventSongRemoved, SongID: top[0]}
		if err := e.Apply(ctx, gone); err != nil {
			t.Fatalf("deleting %s: %v", top[0], err)
		}
		c.cat[top[0]] = songState{}
		c.all(1)
	}

	if m == nil {
		return
	}
	var buf bytes.Buffer
	var stored Model
	if err := gob.NewEncoder(&buf).Encode(m); err != nil {
		t.Fatalf("encoding the model: %v", err)
	}
	if err := gob.NewDecoder(&buf).Decode(&stored); err != nil {
		t.Fatalf("decoding the model: %v", err)
	}
	b := New(now)
	apply(b, w.trained, len(w.events))
	b.SetModel(&stored)
	(&checker{t: t, r: r, e: b, cat: catalogOf(w.events[w.trained:]), w: w}).all(2)
}

// checkModel checks what Train promises: a model of every item it was
// given, each with at most Neighbours others, heaviest first, positive and
// finite, none itself and none it never met through a chain of listeners;
// EASE where the items two people played, or the listeners, fit in
// EASEItems (and the listener form's work in dualWork); an error only
// when nothing was played.
func checkModel(t *testing.T, ts *TrainSet, cfg TrainConfig, m *Model, err error) {
	t.Helper()
	mx := ts.matrix()
	if len(mx.rows) == 0 {
		if !errors.Is(err, ErrNothingToLearn) || m != nil {
			t.Fatalf("nothing played, yet Train says %v", err)
		}
		return
	}
	if err != nil {
		t.Fatalf("training on %d listeners and %d items: %v", len(mx.rows), len(ts.items), err)
	}
	active, activeCells := 0, 0
	for _, d := range mx.degree {
		if d >= 2 {
			active++
			activeCells += int(d)
		}
	}
	c := cfg.withDefaults()
	want := "rp3b"
	switch {
	case active > 0 && active <= c.EASEItems:
		want = "ease"
	case active > 0 && len(mx.rows) <= c.EASEItems && float64(active)*float64(activeCells) <= dualWork:
		want = "ease" // through the listeners
	case active > 0 && !c.RP3Only:
		want = "ease+rp3b"
	}
	cells := 0
	for _, r := range mx.rows {
		cells += len(r)
	}
	if m.Kind != want || !slices.Equal(m.Items, ts.items) || m.Listeners != len(mx.rows) || m.Cells != cells {
		t.Fatalf("a %s model of %d items, %d listeners, %d cells; want %s, %d, %d, %d",
			m.Kind, len(m.Items), m.Listeners, m.Cells, want, len(ts.items), len(mx.rows), cells)
	}
	n := len(m.Items)
	if len(m.Offsets) != n+1 || m.Offsets[0] != 0 || int(m.Offsets[n]) != len(m.Nbr) || len(m.W) != len(m.Nbr) {
		t.Fatalf("%d items, %d offsets (first %v), %d neighbours, %d weights", n, len(m.Offsets), m.Offsets[:1], len(m.Nbr), len(m.W))
	}
	group := components(mx)
	for i := range n {
		lo, hi := m.Offsets[i], m.Offsets[i+1]
		if hi < lo || int(hi-lo) > c.Neighbours {
			t.Fatalf("item %d has %d neighbours, at most %d", i, hi-lo, c.Neighbours)
		}
		seen := map[int32]bool{}
		for k := lo; k < hi; k++ {
			j, wt := m.Nbr[k], m.W[k]
			switch {
			case j < 0 || int(j) >= n || int(j) == i || seen[j]:
				t.Fatalf("item %d's neighbours %v", i, m.Nbr[lo:hi])
			case wt == 0 || (m.Kind == "rp3b" && !(wt > 0)) || math.IsInf(float64(wt), 0) || math.IsNaN(float64(wt)) || (k > lo && wt > m.W[k-1]):
				// EASE keeps negative weights too; RP3β's are all positive.
				t.Fatalf("item %d's weights %v: want nonzero (positive for RP3β), finite, heaviest first", i, m.W[lo:hi])
			case group[i] != group[j]:
				t.Fatalf("item %d leads to %d, though no chain of listeners joins them", i, j)
			}
			seen[j] = true
		}
	}
}

// components names, for each item, the group of items joined to it by
// chains of shared listeners.
func components(m *matrix) []int32 {
	parent := make([]int32, m.nItems)
	for i := range parent {
		parent[i] = int32(i)
	}
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for _, r := range m.rows {
		for _, c := range r[1:] {
			parent[find(c.item)] = find(r[0].item)
		}
	}
	for i := range parent {
		parent[i] = find(int32(i))
	}
	return parent
}

// sameLearning tells how two engines fed the same songs differ in what
// they learned from people: listens counted, and each person's songs with
// their weights, times and likes. (A playlist's songs all come at once, in
// no order, so which of a long one's are kept is left out.)
func sameLearning(a, b *Engine) error {
	if len(a.songIndex) != len(b.songIndex) {
		return fmt.Errorf("%d songs against %d", len(a.songIndex), len(b.songIndex))
	}
	for id, i := range a.songIndex {
		if j, ok := b.songIndex[id]; !ok || a.total[i] != b.total[j] {
			return fmt.Errorf("song %s: %v listens against %v", id, a.total[i], b.total[j])
		}
	}
	for key, l := range a.listeners {
		m, ok := b.listeners[key]
		if key[0] != 'u' {
			continue
		}
		if !ok || len(a.hist[l].entries) != len(b.hist[m].entries) {
			return fmt.Errorf("%s has %d songs against %d", key, len(a.hist[l].entries), len(b.hist[m].entries))
		}
		for _, en := range a.hist[l].entries {
			k, ok := b.hist[m].at[b.songIndex[a.songs[en.song].id]]
			if other := b.hist[m].entries[k]; !ok || other.w != en.w || other.at != en.at || other.like != en.like {
				return fmt.Errorf("%s and %s: %+v against %+v", key, a.songs[en.song].id, en, other)
			}
		}
	}
	return nil
}
