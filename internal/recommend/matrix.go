package recommend

import (
	"cmp"
	"slices"
	"sort"
)

// iv is one cell of the user × item matrix the learned models train on.
type iv struct {
	item int32
	v    float32
}

// matrix is a sparse user × item matrix, one row per listener (a user or
// a playlist), and the number of listeners of each item.
type matrix struct {
	rows   [][]iv
	nItems int
	degree []int32
}

func newMatrix(rows [][]iv, nItems int) *matrix {
	m := &matrix{rows: rows, nItems: nItems, degree: make([]int32, nItems)}
	for _, r := range rows {
		for _, c := range r {
			m.degree[c.item]++
		}
	}
	return m
}

// columns turns the rows around: for each item, the rows that hold it.
func (m *matrix) columns() [][]int32 {
	cols := make([][]int32, m.nItems)
	for i := range cols {
		cols[i] = make([]int32, 0, m.degree[i])
	}
	for u, r := range m.rows {
		for _, c := range r {
			cols[c.item] = append(cols[c.item], int32(u))
		}
	}
	return cols
}

// byDegree lists the items, most listened first (ties by index), so that
// a cap on the items a model learns keeps the ones with the most evidence.
func (m *matrix) byDegree() []int32 {
	order := make([]int32, m.nItems)
	for i := range order {
		order[i] = int32(i)
	}
	sort.SliceStable(order, func(a, b int) bool { return m.degree[order[a]] > m.degree[order[b]] })
	return order
}

// neighbour is one learned item-item weight.
type neighbour struct {
	item int32
	w    float32
}

// cooccur calls row once per item i with acc[j] = Σ over the rows that hold
// i and j of f(row), and the js touched; acc is reused, so row copies what
// it keeps. It costs Σ |row|², the number of pairs in the data, and never
// an items × items table.
func (m *matrix) cooccur(f func(row int) float32, row func(i int32, acc []float32, touched []int32)) {
	cols := m.columns()
	acc := make([]float32, m.nItems)
	var touched []int32
	for i := range cols {
		touched = touched[:0]
		for _, u := range cols[i] {
			w := f(int(u))
			for _, c := range m.rows[u] {
				if c.item == int32(i) {
					continue
				}
				if acc[c.item] == 0 {
					touched = append(touched, c.item)
				}
				acc[c.item] += w * c.v
			}
		}
		row(int32(i), acc, touched)
		for _, j := range touched {
			acc[j] = 0
		}
	}
}

// topK keeps the k heaviest positive weights, heaviest first.
func topK(list []neighbour, k int) []neighbour {
	out := list[:0]
	for _, n := range list {
		if n.w > 0 {
			out = append(out, n)
		}
	}
	return selectTop(out, k, func(n neighbour) float32 { return n.w })
}

// strongest keeps the k weights of either sign farthest from 0, the most
// positive first: an EASE row, where an item's listeners shunning another
// says as much as their liking it.
func strongest(list []neighbour, k int) []neighbour {
	top := selectTop(list, k, func(n neighbour) float32 { return abs32(n.w) })
	slices.SortFunc(top, func(x, y neighbour) int { return cmp.Or(cmp.Compare(y.w, x.w), cmp.Compare(x.item, y.item)) })
	return top
}

// selectTop returns a copy of the k items of list with the largest key,
// largest first (ties by item), reordering list. A long list is
// partitioned around its k-th key first (quickselect), so an item with
// thousands of co-occurring items costs linear time, not a sort.
func selectTop(out []neighbour, k int, key func(neighbour) float32) []neighbour {
	heavier := func(a, b neighbour) bool {
		ka, kb := key(a), key(b)
		return ka > kb || (ka == kb && a.item < b.item)
	}
	if len(out) > k {
		lo, hi := 0, len(out)-1
		for lo < hi {
			p := out[(lo+hi)/2]
			i, j := lo, hi
			for i <= j {
				for heavier(out[i], p) {
					i++
				}
				for heavier(p, out[j]) {
					j--
				}
				if i <= j {
					out[i], out[j] = out[j], out[i]
					i++
					j--
				}
			}
			if k-1 <= j {
				hi = j
			} else if k-1 >= i {
				lo = i
			} else {
				break
			}
		}
		out = out[:k]
	}
	sort.Slice(out, func(a, b int) bool { return heavier(out[a], out[b]) })
	return append([]neighbour(nil), out...)
}
