package eval

import (
	"fmt"
	"github.com/musicify/musicify/internal/library"
	"sort"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
)

// ranker is one recommender under evaluation: it trains on a split, then
// lists k catalog items for a user, none of which the user played.
type ranker interface {
	train(s *split) error
	recommend(u int32, k int) []int32
}

// popularRanker recommends what most people played.
type popularRanker struct {
	s     *split
	order []int32
}

func (p *popularRanker) train(s *split) error {
	p.s = s
	p.order = mostPlayed(s.pop)
	return nil
}

// mostPlayed lists the catalog by plays, most first, ties to the smaller
// index, as the engine orders items by their evidence.
func mostPlayed(pop []int32) []int32 {
	order := make([]int32, len(pop))
	for i := range order {
		order[i] = int32(i)
	}
	sort.SliceStable(order, func(a, b int) bool { return pop[order[a]] > pop[order[b]] })
	return order
}

func (p *popularRanker) recommend(u int32, k int) []int32 {
	return fill(nil, p.order, p.s.train[u], k)
}

// fill appends items of order to out, skipping those heard or already in
// it, up to k.
func fill(out, order, heard []int32, k int) []int32 {
	skip := make(map[int32]bool, len(heard)+len(out))
	for _, i := range heard {
		skip[i] = true
	}
	for _, i := range out {
		skip[i] = true
	}
	for _, i := range order {
		if len(out) == k {
			break
		}
		if !skip[i] {
			out = append(out, i)
		}
	}
	return out
}

// modelRanker lists the items an item-item model scores highest for the
// user's plays, then popular ones: item-kNN, RP3β or EASE, by what fit
// learns.
type modelRanker struct {
	fit   func(*recommend.Plays) (*recommend.ItemModel, error)
	s     *split
	model *recommend.ItemModel
	sc    tally
	pop   popularRanker
}

func (r *modelRanker) train(s *split) error {
	r.s = s
	var err error
	if r.model, err = r.fit(recommend.NewPlays(s.train, len(s.catalog))); err != nil {
		return err
	}
	return r.pop.train(s)
}

func (r *modelRanker) recommend(u int32, k int) []int32 {
	r.sc.reset(len(r.s.catalog))
	r.model.Score(r.s.train[u], r.sc.add)
	return topOf(&r.sc, r.s.train[u], k, r.pop.order)
}

// tally is one user's scores over the catalog, and the items scored, so
// that picking the best costs what was scored.
type tally struct {
	v       []float32
	touched []int32
}

func (t *tally) reset(n int) {
	for _, i := range t.touched {
		t.v[i] = 0
	}
	t.touched = t.touched[:0]
	if len(t.v) != n {
		t.v = make([]float32, n)
	}
}

func (t *tally) add(i int32, w float32) {
	if t.v[i] == 0 {
		t.touched = append(t.touched, i)
	}
	t.v[i] += w
}

// topOf picks the k best scored items not heard, then popular ones.
func topOf(sc *tally, heard []int32, k int, popular []int32) []int32 {
	skip := make(map[int32]bool, len(heard))
	for _, i := range heard {
		skip[i] = true
	}
	cands := make([]candidate, 0, len(sc.touched))
	for _, i := range sc.touched {
		if !skip[i] && sc.v[i] > 0 {
			cands = append(cands, candidate{i, sc.v[i]})
		}
	}
	cands = bestByIndex(cands, k)
	out := make([]int32, 0, k)
	for _, c := range cands {
		out = append(out, c.item)
	}
	return fill(out, popular, heard, k)
}

// engineRanker is the engine as it serves: fed the catalog and the
// training plays as events, then its model trained as the trainer does.
type engineRanker struct {
	cfg recommend.TrainConfig
	s   *split
	e   *recommend.Engine
}

func (r *engineRanker) train(s *split) error {
	r.s = s
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := start
	e := recommend.New(func() time.Time { return clock })
	for i, id := range s.catalog {
		m := s.meta[i]
		e.SongAdded(&musicify.Song{ID: id, Artist: m.Artist, Artists: credits(m.Artist), Genre: m.Genre, Name: m.Title, Text: m.Text})
		if len(m.Features) > 0 {
			e.SetFeatures(id, m.Features)
		}
	}
	ts := recommend.NewTrainSet(start)
	n := 0
	for u, l := range s.train {
		for _, i := range l {
			clock = start.Add(time.Duration(n) * time.Second)
			n++
			e.Listened(s.users[u], s.catalog[i], clock)
			ts.Add("u:"+s.users[u], s.catalog[i], recommend.ListenWeight)
		}
	}
	model, err := recommend.Train(ts, r.cfg)
	if err != nil {
		return fmt.Errorf("training the engine: %w", err)
	}
	e.SetModel(model)
	r.e = e
	return nil
}

func (r *engineRanker) recommend(u int32, k int) []int32 {
	heard := make([]string, len(r.s.train[u]))
	for j, i := range r.s.train[u] {
		heard[j] = r.s.catalog[i]
	}
	ids := r.e.ForUser(r.s.users[u], k, recommend.Options{ExcludeAll: true, Heard: heard})
	out := make([]int32, 0, len(ids))
	for _, id := range ids {
		out = append(out, r.s.index[id])
	}
	return out
}

// splitter reads "A & B feat. C" as the folder scanner does.
var splitter = library.NewSplitter(library.DefaultSeparators, library.DefaultExceptions)

// credits are an artist text's main and featured artists, as a scanned
// song has them: an item by "Madonna & Timbaland" is one of Madonna's too.
func credits(artist string) []musicify.SongArtist {
	main, featured := splitter.Split(artist, false)
	if len(main)+len(featured) < 2 {
		return nil
	}
	out := make([]musicify.SongArtist, 0, len(main)+len(featured))
	for _, n := range main {
		out = append(out, musicify.SongArtist{Name: n, Role: musicify.RoleArtist})
	}
	for _, n := range featured {
		out = append(out, musicify.SongArtist{Name: n, Role: musicify.RoleFeatured})
	}
	return out
}
