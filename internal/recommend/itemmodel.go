package recommend

import "math"

// The item-item models the engine learns, trained on plain plays instead
// of the engine's own histories: the offline evaluation (package
// recommend/eval) compares the engine with each of them on the same splits,
// and a baseline is only a fair one when it is the very code the engine
// trains with.

// ListenWeight is what one listen adds to a TrainSet, as Collect counts
// it, for a TrainSet built from plays the engine did not record.
const ListenWeight float32 = weightListen

// Plays are plain plays in the form the learned models read: one row per
// listener, each play a cell worth one listen.
type Plays struct{ m *matrix }

// NewPlays makes Plays of rows[u], the items listener u played, each item
// at most once, numbered from 0 to nItems−1.
func NewPlays(rows [][]int32, nItems int) *Plays {
	cells := make([][]iv, len(rows))
	for u, items := range rows {
		row := make([]iv, 0, len(items))
		for _, i := range items {
			row = append(row, iv{i, cellValue(weightListen)})
		}
		cells[u] = row
	}
	return &Plays{newMatrix(cells, nItems)}
}

// ItemModel is an item-item model learned from Plays: item-kNN, RP3β or
// EASE alone, where the engine blends them with live and content signals.
type ItemModel struct {
	rows [][]neighbour // item-kNN and RP3β: each item's neighbours
	// EASE: the dense table over the most played items, and each item's
	// place in it (−1 for the items it did not learn).
	dense []float64
	order []int32
	pos   []int32
	// or, with fewer listeners than items, EASE in its listener form.
	dual *easeDual
}

// FitCosine learns plain item-to-item kNN: co-occurrence divided by the
// geometric mean of the two items' listeners, every neighbour kept. The
// engine does not learn it; it is the classic baseline.
func FitCosine(p *Plays) *ItemModel {
	m := p.m
	out := make([][]neighbour, m.nItems)
	var list []neighbour
	m.cooccur(func(int) float32 { return 1 }, func(i int32, acc []float32, touched []int32) {
		list = list[:0]
		for _, j := range touched {
			list = append(list, neighbour{j, acc[j] / float32(math.Sqrt(float64(m.degree[i])*float64(m.degree[j])))})
		}
		out[i] = topK(list, len(list))
	})
	return &ItemModel{rows: out}
}

// FitRP3 learns RP3β with the β and neighbours the engine trains with.
func FitRP3(p *Plays) *ItemModel {
	return &ItemModel{rows: fitRP3(p.m, defaultBeta, defaultNeighbours)}
}

// FitEASE learns EASE with penalty lambda over the maxItems most played
// items (ties by index), through the listeners when they are fewer: on
// Last.fm-2k, all 17,434 artists in a second instead of most of an hour.
func FitEASE(p *Plays, maxItems int, lambda float64) (*ItemModel, error) {
	order := p.m.byDegree()
	order = order[:min(maxItems, len(order))]
	if len(p.m.rows) < len(order) {
		d, err := newEASEDual(p.m, order, lambda)
		if err != nil {
			return nil, err
		}
		return &ItemModel{dual: d}, nil
	}
	b, err := fitEASE(p.m, order, lambda)
	if err != nil {
		return nil, err
	}
	pos := make([]int32, p.m.nItems)
	for i := range pos {
		pos[i] = -1
	}
	for a, it := range order {
		pos[it] = int32(a)
	}
	return &ItemModel{dense: b, order: order, pos: pos}, nil
}

// Score calls add for what each item heard (a listener's plays) says for
// another: per neighbour for item-kNN and RP3β, so an item may be added to
// more than once; per item, once, with its positive total, for EASE.
func (m *ItemModel) Score(heard []int32, add func(item int32, w float32)) {
	x := cellValue(weightListen)
	if m.dual != nil {
		m.dual.score(heard, float64(x), func(item int32, w float64) {
			if w > 0 {
				add(item, float32(w))
			}
		})
		return
	}
	if m.dense == nil {
		for _, i := range heard {
			for _, n := range m.rows[i] {
				add(n.item, n.w*x)
			}
		}
		return
	}
	n := len(m.order)
	sum := make([]float64, n)
	for _, i := range heard {
		a := m.pos[i]
		if a < 0 {
			continue
		}
		for c, w := range m.dense[int(a)*n : (int(a)+1)*n] {
			sum[c] += float64(x) * w
		}
	}
	for c, v := range sum {
		if v > 0 {
			add(m.order[c], float32(v))
		}
	}
}
