package recommend

import (
	"errors"
	"fmt"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/lapack/gonum"
)

// EASEMaxItems bounds the one inverse EASE needs, unless TrainConfig
// says otherwise. EASE (Steck 2019) learns B = I − P·diag(1/diag P) with
// P = (XᵀX + λI)⁻¹: the best ridge regression of every item from all the
// others, in closed form. It is the strongest simple model of listening
// data, but the inverse is dense: for n items it holds one n × n float64
// table (8n² bytes: 288 MB at 6,000 items, 800 MB at 10,000) and costs
// about n³ flops (on this 2-core machine 9.6 s at 4,000 items, so ~32 s
// at 6,000 and ~2.5 min at 10,000). With fewer listeners than items the
// same model is learned through a listeners × listeners inverse instead
// (easedual.go), so the bound is on whichever is smaller: a server with
// up to this many listeners learns EASE over its whole library; one with
// more, over this many of its most played songs, and RP3β beyond them.
const EASEMaxItems = 4000

// fitEASE learns the weights among the items in order, and returns B as
// a dense n × n row-major table (n = len(order)): B[a*n+b] is how much
// listening to order[a] says for order[b].
func fitEASE(m *matrix, order []int32, lambda float64) ([]float64, error) {
	n := len(order)
	if n == 0 {
		return nil, errors.New("no items to learn")
	}
	pos := positions(order, m.nItems)
	g := make([]float64, n*n) // the upper triangle of XᵀX, row-major
	var row []iv
	for _, r := range m.rows {
		row = row[:0]
		for _, c := range r {
			if p := pos[c.item]; p >= 0 {
				row = append(row, iv{p, c.v})
			}
		}
		addProducts(g, n, row)
	}
	if err := invertGram(g, n, lambda); err != nil {
		return nil, err
	}
	// In place: the upper triangle holds P; write B over both triangles.
	diag := make([]float64, n)
	for a := range diag {
		diag[a] = g[a*n+a]
	}
	for a := 0; a < n; a++ {
		g[a*n+a] = 0
		for b := a + 1; b < n; b++ {
			p := g[a*n+b]
			g[a*n+b] = -p / diag[b]
			g[b*n+a] = -p / diag[a]
		}
	}
	return g, nil
}

// positions maps each of nItems items to its place in order, or −1.
func positions(order []int32, nItems int) []int32 {
	pos := make([]int32, nItems)
	for i := range pos {
		pos[i] = -1
	}
	for a, it := range order {
		pos[it] = int32(a)
	}
	return pos
}

// addProducts adds x·y for every two cells of one row (or column) of X
// to the upper triangle of the n × n gram matrix g, at their indexes.
func addProducts(g []float64, n int, cells []iv) {
	for _, x := range cells {
		for _, y := range cells {
			if x.item <= y.item {
				g[int(x.item)*n+int(y.item)] += float64(x.v * y.v)
			}
		}
	}
}

// invertGram turns g, the upper triangle of an n × n gram matrix, into
// the upper triangle of (g + λI)⁻¹, in place.
func invertGram(g []float64, n int, lambda float64) error {
	for a := 0; a < n; a++ {
		g[a*n+a] += lambda
	}
	impl := gonum.Implementation{}
	if !impl.Dpotrf(blas.Upper, n, g, n) {
		return fmt.Errorf("factorizing the %d × %d gram matrix: not positive definite", n, n)
	}
	if !impl.Dpotri(blas.Upper, n, g, n) {
		return fmt.Errorf("inverting the %d × %d gram matrix: singular", n, n)
	}
	return nil
}

// sparseEASE keeps each item's k strongest weights, of either sign, which
// is what the engine stores, ships between instances and reads per query;
// each row is ordered by weight, the most positive first. The negative
// ones matter: EASE ranks by the sum over what a listener played, and an
// item whose listeners shun another takes from it. Keeping the positive
// ones alone cost 0.005 hit@10 on Last.fm-2k (docs/benchmarks.md). b is
// fitEASE's table for the same order.
func sparseEASE(b []float64, order []int32, nItems, k int) [][]neighbour {
	n := len(order)
	out := make([][]neighbour, nItems)
	list := make([]neighbour, 0, n)
	for a := 0; a < n; a++ {
		out[order[a]] = strongestOf(b[a*n:(a+1)*n], order, k, &list)
	}
	return out
}

// strongestOf is strongest over one dense row of weights, row[c] being
// order[c]'s; list is scratch, kept between rows.
func strongestOf(row []float64, order []int32, k int, list *[]neighbour) []neighbour {
	*list = (*list)[:0]
	for c, w := range row {
		if w != 0 {
			*list = append(*list, neighbour{order[c], float32(w)})
		}
	}
	return strongest(*list, k)
}

func abs32(x float32) float32 {
	if x < 0 {
		return -x
	}
	return x
}
