package audiofeat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The fast transform agrees with the textbook sum, so every feature built
// on it rests on the right spectrum.
func TestRealFFTMatchesTheDirectTransform(t *testing.T) {
	for _, n := range []int{8, 64, 1024} {
		r := rand.New(rand.NewPCG(1, uint64(n)))
		x := make([]float64, n)
		for i := range x {
			x[i] = r.Float64()*2 - 1
		}
		got := make([]float64, n/2+1)
		newRealFFT(n).power(x, got)
		for k := 0; k <= n/2; k++ {
			var re, im float64
			for i, v := range x {
				a := -2 * math.Pi * float64(k*i) / float64(n)
				re += v * math.Cos(a)
				im += v * math.Sin(a)
			}
			if want := re*re + im*im; math.Abs(got[k]-want) > 1e-6*(1+want) {
				t.Fatalf("n=%d bin %d: got %g, want %g", n, k, got[k], want)
			}
		}
	}
}
