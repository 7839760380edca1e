package recommend

import (
	"cmp"
	"math"
	"slices"
)

// tasteLink is how alike, on average, the songs of two groups must be for
// Tastes to make them one: the cosine of their learned neighbourhoods.
// Songs of one scene share many neighbours; songs nobody plays together
// share few, mostly popular ones, and stay apart. Set on Last.fm-shaped
// synthetic data (package eval), where it splits a person's two tastes
// apart and leaves their songs of passing popularity alone.
const tasteLink = 0.25

// Tastes groups songs (a person's favourites, most played first) by the
// learned model: songs whose learned neighbours overlap, or which are one
// another's neighbours, go together, whatever their tags say. Each group
// keeps the order of songIDs, and the groups come in the order of their
// first songs. Songs the model has nothing to say about (not learned yet,
// or learned without a neighbour) are in no group but in unplaced, in
// order, for the caller to group by what it knows of them. The same songs
// and model make the same groups on every instance.
func (e *Engine) Tastes(songIDs []string) (groups [][]string, unplaced []string) {
	e.mu.RLock()
	defer e.mu.RUnlock()
	var placed []string
	var vecs [][]neighbour
	seen := make(map[string]bool, len(songIDs))
	for _, id := range songIDs {
		if seen[id] {
			continue
		}
		seen[id] = true
		if v := e.tasteVector(id); v != nil {
			placed, vecs = append(placed, id), append(vecs, v)
		} else {
			unplaced = append(unplaced, id)
		}
	}
	for _, members := range averageLinkage(cosines(vecs), tasteLink) {
		g := make([]string, len(members))
		for k, i := range members {
			g[k] = placed[i]
		}
		groups = append(groups, g)
	}
	return groups, unplaced
}

// tasteVector is a song's learned neighbourhood: its positive weights,
// and itself as strong as its strongest neighbour, so that two songs that
// list each other are alike even with little else in common; of unit
// length. Nil when the model has no row for it or the row has nothing
// positive. e.mu is held.
func (e *Engine) tasteVector(id string) []neighbour {
	s, ok := e.songIndex[id]
	if !ok || e.learned == nil {
		return nil
	}
	r := e.learned.row(s)
	if r < 0 {
		return nil
	}
	m := e.learned.m
	var v []neighbour
	var top float32
	for k := m.Offsets[r]; k < m.Offsets[r+1]; k++ {
		if m.W[k] > 0 && m.Nbr[k] != r {
			v = append(v, neighbour{m.Nbr[k], m.W[k]})
			top = max(top, m.W[k])
		}
	}
	if len(v) == 0 {
		return nil
	}
	v = append(v, neighbour{r, top})
	var norm float64
	for _, n := range v {
		norm += float64(n.w) * float64(n.w)
	}
	scale := float32(1 / math.Sqrt(norm))
	for i := range v {
		v[i].w *= scale
	}
	return v
}

// cosines are the pairwise cosines of unit vectors, summed model item by
// model item in a fixed order, so that every instance gets the very same
// floats and so the same ties.
func cosines(vecs [][]neighbour) [][]float64 {
	type cell struct {
		item, of int32
		w        float32
	}
	var cells []cell
	for i, v := range vecs {
		for _, n := range v {
			cells = append(cells, cell{n.item, int32(i), n.w})
		}
	}
	slices.SortFunc(cells, func(a, b cell) int { return cmp.Or(cmp.Compare(a.item, b.item), cmp.Compare(a.of, b.of)) })
	sim := make([][]float64, len(vecs))
	for i := range sim {
		sim[i] = make([]float64, len(vecs))
	}
	for start := 0; start < len(cells); {
		end := start + 1
		for end < len(cells) && cells[end].item == cells[start].item {
			end++
		}
		for a := start; a < end; a++ {
			for b := a + 1; b < end; b++ {
				d := float64(cells[a].w) * float64(cells[b].w)
				sim[cells[a].of][cells[b].of] += d
				sim[cells[b].of][cells[a].of] += d
			}
		}
		start = end
	}
	return sim
}

// averageLinkage clusters items 0..n-1 bottom up: it joins the two groups
// most alike on average while that is at least link. A tie goes to the
// pair that comes first, and a group is listed at its first item, so the
// order of the items decides and nothing else.
func averageLinkage(sim [][]float64, link float64) [][]int {
	n := len(sim)
	groups := make([][]int, n) // nil once joined to an earlier one
	for i := range groups {
		groups[i] = []int{i}
	}
	for {
		a, b, best := -1, -1, math.Inf(-1)
		for i := range n {
			for j := i + 1; groups[i] != nil && j < n; j++ {
				if groups[j] != nil && sim[i][j] > best {
					a, b, best = i, j, sim[i][j]
				}
			}
		}
		if a < 0 || best < link {
			break
		}
		na, nb := float64(len(groups[a])), float64(len(groups[b]))
		for c := range n {
			if groups[c] != nil && c != a && c != b {
				sim[a][c] = (na*sim[a][c] + nb*sim[b][c]) / (na + nb)
				sim[c][a] = sim[a][c]
			}
		}
		groups[a] = append(groups[a], groups[b]...)
		slices.Sort(groups[a])
		groups[b] = nil
	}
	return slices.DeleteFunc(groups, func(g []int) bool { return g == nil })
}
