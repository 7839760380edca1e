package recommend

import "math"

// RP3β (Paudel et al. 2017): the probability of a three-step random walk
// item → listener → item, divided by the popularity of the end item to the
// power β so that hits do not crowd everything out. It needs no matrix
// inverse, so it learns catalogs of any size in Σ|row|² steps and keeps
// k neighbours per item.
func fitRP3(m *matrix, beta float64, k int) [][]neighbour {
	out := make([][]neighbour, m.nItems)
	penalty := make([]float32, m.nItems)
	for j, d := range m.degree {
		if d > 0 {
			penalty[j] = float32(math.Pow(float64(d), -beta))
		}
	}
	rowSum := make([]float32, len(m.rows))
	for u, r := range m.rows {
		for _, c := range r {
			rowSum[u] += c.v
		}
	}
	var list []neighbour
	m.cooccur(func(u int) float32 { return 1 / rowSum[u] }, func(i int32, acc []float32, touched []int32) {
		list = list[:0]
		for _, j := range touched {
			list = append(list, neighbour{j, acc[j] * penalty[j]})
		}
		out[i] = topK(list, k)
	})
	return out
}
