package recommend

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
)

// easeDual is EASE learned through the listeners instead of the items. By
// the Woodbury identity (XᵀX + λI)⁻¹ = (I − Xᵀ(XXᵀ + λI)⁻¹X)/λ, so with
// M = (XXᵀ + λI)⁻¹ and x_a the column of item a (its listeners),
//
//	B[a][b] = x_aᵀ M x_b / (1 − x_bᵀ M x_b),   a ≠ b
//
// which are fitEASE's weights exactly. The one inverse is listeners ×
// listeners: a server with a few people and a large library learns EASE
// over all of it, where fitEASE would need the items × items inverse (at
// 17,000 items 2.3 GB and most of an hour here).
type easeDual struct {
	pos   []int32 // item → its place in order, or −1 outside
	order []int32
	users int
	inv   []float64 // M, users × users, both triangles
	rows  [][]iv    // per listener: (place in order, value)
	cols  [][]iv    // per place in order: (listener, value)
	denom []float64 // per place: 1 − x_bᵀ M x_b, λ times P's diagonal
}

// newEASEDual learns EASE over the items in order, with penalty lambda.
func newEASEDual(m *matrix, order []int32, lambda float64) (*easeDual, error) {
	n, u := len(order), len(m.rows)
	if n == 0 || u == 0 {
		return nil, errors.New("no items to learn")
	}
	d := &easeDual{pos: positions(order, m.nItems), order: order, users: u,
		rows: make([][]iv, u), cols: make([][]iv, n), denom: make([]float64, n)}
	for r, row := range m.rows {
		for _, c := range row {
			if p := d.pos[c.item]; p >= 0 {
				d.rows[r] = append(d.rows[r], iv{p, c.v})
				d.cols[p] = append(d.cols[p], iv{int32(r), c.v})
			}
		}
	}
	k := make([]float64, u*u) // the upper triangle of XXᵀ, then M
	for _, col := range d.cols {
		addProducts(k, u, col)
	}
	if err := invertGram(k, u, lambda); err != nil {
		return nil, fmt.Errorf("through the listeners: %w", err)
	}
	for r := 0; r < u; r++ {
		for c := r + 1; c < u; c++ {
			k[c*u+r] = k[r*u+c]
		}
	}
	d.inv = k
	for b, col := range d.cols {
		var q float64
		for _, x := range col {
			row := k[int(x.item)*u:]
			for _, y := range col {
				q += float64(x.v) * row[y.item] * float64(y.v)
			}
		}
		d.denom[b] = 1 - q
	}
	return d, nil
}

// weights writes into y (one per place in order) what the listeners
// whose values are v say for each item, Σ_b v_u M_uw x_wb / denom_b, using
// c (one per listener) as scratch.
func (d *easeDual) weights(v, c, y []float64) {
	clear(c)
	for r, vr := range v {
		if vr == 0 {
			continue
		}
		row := d.inv[r*d.users : (r+1)*d.users]
		for w, mw := range row {
			c[w] += vr * mw
		}
	}
	clear(y)
	for r, cr := range c {
		for _, x := range d.rows[r] {
			y[x.item] += cr * float64(x.v)
		}
	}
	for b := range y {
		y[b] /= d.denom[b]
	}
}

// sparse keeps each learned item's k strongest weights, as sparseEASE does,
// computing the rows on every core.
func (d *easeDual) sparse(nItems, k int) [][]neighbour {
	out := make([][]neighbour, nItems)
	var next sync.Mutex
	a := 0
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			v, c, y := make([]float64, d.users), make([]float64, d.users), make([]float64, len(d.order))
			var list []neighbour
			for {
				next.Lock()
				mine := a
				a++
				next.Unlock()
				if mine >= len(d.order) {
					return
				}
				clear(v)
				for _, x := range d.cols[mine] {
					v[x.item] = float64(x.v)
				}
				d.weights(v, c, y)
				y[mine] = 0
				out[d.order[mine]] = strongestOf(y, d.order, k, &list)
			}
		})
	}
	wg.Wait()
	return out
}

// score adds, for each learned item, Σ over heard of B[h][item] with every
// cell worth x: the sum a dense EASE table gives, B's zero diagonal included.
func (d *easeDual) score(heard []int32, x float64, add func(item int32, w float64)) {
	v := make([]float64, d.users)
	in := make(map[int32]bool, len(heard))
	for _, h := range heard {
		p := d.pos[h]
		if p < 0 || in[p] {
			continue
		}
		in[p] = true
		for _, c := range d.cols[p] {
			v[c.item] += x * float64(c.v)
		}
	}
	y := make([]float64, len(d.order))
	d.weights(v, make([]float64, d.users), y)
	for b, w := range y {
		if in[int32(b)] {
			// Take out B[b][b], which the sum counted: x·x_bᵀMx_b/denom.
			w -= x * (1 - d.denom[b]) / d.denom[b]
		}
		add(d.order[b], w)
	}
}
