package recommend

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randomPlays is nUsers listeners with 1–12 plays each over nItems items,
// some played more (cell values above one listen's), popular items more often.
func randomPlays(seed uint64, nUsers, nItems int) *matrix {
	r := rand.New(rand.NewPCG(seed, 7))
	rows := make([][]iv, nUsers)
	for u := range rows {
		seen := map[int32]bool{}
		for range 1 + r.IntN(12) {
			i := int32(r.IntN(1+r.IntN(nItems)) % nItems)
			if !seen[i] {
				seen[i] = true
				rows[u] = append(rows[u], iv{i, cellValue(float32(1 + r.IntN(4)))})
			}
		}
	}
	return newMatrix(rows, nItems)
}

// The listener form is the same model as the item form, to rounding: the
// rows the engine keeps and the sums the evaluation ranks by.
func TestEASEThroughTheListenersIsEASE(t *testing.T) {
	for _, c := range []struct {
		name          string
		users, items  int
		learned, keep int
	}{
		{"fewer listeners than items", 30, 80, 80, 80},
		{"more listeners than items", 90, 40, 40, 40},
		{"the most played items only, a few weights each", 30, 80, 50, 7},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := randomPlays(uint64(c.users*c.items), c.users, c.items)
			order := m.byDegree()[:c.learned]
			b, err := fitEASE(m, order, 25)
			if err != nil {
				t.Fatal(err)
			}
			d, err := newEASEDual(m, order, 25)
			if err != nil {
				t.Fatal(err)
			}
			want, got := sparseEASE(b, order, m.nItems, c.keep), d.sparse(m.nItems, c.keep)
			weights := 0
			for i := range want {
				if len(got[i]) != len(want[i]) {
					t.Fatalf("item %d: %d weights, want %d", i, len(got[i]), len(want[i]))
				}
				for k := range want[i] {
					if got[i][k].item != want[i][k].item || math.Abs(float64(got[i][k].w-want[i][k].w)) > 1e-5 {
						t.Fatalf("item %d, weight %d: %v, want %v", i, k, got[i][k], want[i][k])
					}
					weights++
				}
			}
			if weights == 0 {
				t.Fatal("no weights learned")
			}
			// A listener's sums, as the evaluation's EASE ranks by.
			n := len(order)
			heard := []int32{order[0], order[3], order[n-1], int32(c.items - 1)}
			sum := map[int32]float64{}
			for _, h := range heard {
				a := -1
				for p, it := range order {
					if it == h {
						a = p
					}
				}
				if a < 0 {
					continue // not learned: says nothing
				}
				for p, w := range b[a*n : (a+1)*n] {
					sum[order[p]] += 0.5 * w
				}
			}
			scored := 0
			d.score(heard, 0.5, func(item int32, w float64) {
				scored++
				if math.Abs(w-sum[item]) > 1e-6 { // the item form sums float32 products
					t.Fatalf("item %d: %g, want %g", item, w, sum[item])
				}
			})
			if scored != n {
				t.Fatalf("%d items scored, want %d", scored, n)
			}
		})
	}
}
