package recommend

import (
	"fmt"
	"time"

	"github.com/musicify/musicify/internal/musicify"
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
	p.order = newMatrixFromPop(s.pop).byDegree()
	return nil
}

func newMatrixFromPop(pop []int32) *matrix { return &matrix{nItems: len(pop), degree: pop} }

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

// rowsRanker scores an item by the summed weights from the user's items:
// item-kNN (cosine) or RP3β, by what fit makes of the matrix.
type rowsRanker struct {
	fit  func(*matrix) [][]neighbour
	s    *split
	rows [][]neighbour
	pop  popularRanker
}

func (r *rowsRanker) train(s *split) error {
	r.s = s
	r.rows = r.fit(s.matrix())
	return r.pop.train(s)
}

func (r *rowsRanker) recommend(u int32, k int) []int32 {
	sc := getScores(len(r.s.catalog))
	defer sc.release()
	for _, i := range r.s.train[u] {
		for _, n := range r.rows[i] {
			sc.add(n.item, n.w*cellValue(weightListen))
		}
	}
	return topOf(sc, r.s.train[u], k, r.pop.order)
}

// topOf picks the k best scored items not heard, then popular ones.
func topOf(sc *scores, heard []int32, k int, popular []int32) []int32 {
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
		out = append(out, c.song)
	}
	return fill(out, popular, heard, k)
}

// easeRanker is EASE over the n most played items, scored densely.
type easeRanker struct {
	lambda float64
	n      int
	s      *split
	b      []float64
	order  []int32
	pop    popularRanker
}

func (e *easeRanker) train(s *split) error {
	e.s = s
	m := s.matrix()
	e.order = m.byDegree()
	e.n = min(e.n, len(e.order))
	var err error
	if e.b, err = fitEASE(m, e.order[:e.n], e.lambda); err != nil {
		return err
	}
	return e.pop.train(s)
}

func (e *easeRanker) recommend(u int32, k int) []int32 {
	pos := map[int32]int{}
	for a, it := range e.order[:e.n] {
		pos[it] = a
	}
	dense := make([]float64, e.n)
	for _, i := range e.s.train[u] {
		a, ok := pos[i]
		if !ok {
			continue
		}
		row := e.b[a*e.n : (a+1)*e.n]
		x := float64(cellValue(weightListen))
		for c, w := range row {
			dense[c] += x * w
		}
	}
	sc := getScores(len(e.s.catalog))
	defer sc.release()
	for c, v := range dense {
		if v > 0 {
			sc.add(e.order[c], float32(v))
		}
	}
	return topOf(sc, e.s.train[u], k, e.pop.order)
}

// engineRanker is the engine as it serves: fed the catalog and the
// training plays as events, then its model trained as the trainer does.
type engineRanker struct {
	cfg TrainConfig
	s   *split
	e   *Engine
}

func (r *engineRanker) train(s *split) error {
	r.s = s
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := start
	e := New(func() time.Time { return clock })
	for i, id := range s.catalog {
		m := s.meta[i]
		e.SongAdded(&musicify.Song{ID: id, Artist: m.Artist, Genre: m.Genre, Name: m.Title, Text: m.Text})
		if len(m.Features) > 0 {
			e.SetFeatures(id, m.Features)
		}
	}
	ts := NewTrainSet(start)
	n := 0
	for u, l := range s.train {
		for _, i := range l {
			clock = start.Add(time.Duration(n) * time.Second)
			n++
			e.Listened(s.users[u], s.catalog[i], clock)
			ts.Add("u:"+s.users[u], s.catalog[i], weightListen)
		}
	}
	model, err := Train(ts, r.cfg)
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
	ids := r.e.ForUser(r.s.users[u], k, Options{ExcludeAll: true, Heard: heard})
	out := make([]int32, 0, len(ids))
	for _, id := range ids {
		out = append(out, r.s.index[id])
	}
	return out
}
