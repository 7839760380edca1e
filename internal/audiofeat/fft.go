package audiofeat

import "math"

// fft is an in-place radix-2 transform of one size, with its twiddles and
// bit reversal worked out once: a song is thousands of frames of one size,
// and a pure-Go transform keeps the binary free of cgo.
type fft struct {
	n        int
	cos, sin []float64 // e^{-2πik/n} for k < n/2
	rev      []int
}

func newFFT(n int) *fft {
	if n < 2 || n&(n-1) != 0 {
		panic("audiofeat: FFT size must be a power of two")
	}
	f := &fft{n: n, cos: make([]float64, n/2), sin: make([]float64, n/2), rev: make([]int, n)}
	for k := range n / 2 {
		a := -2 * math.Pi * float64(k) / float64(n)
		f.cos[k], f.sin[k] = math.Cos(a), math.Sin(a)
	}
	bits := 0
	for 1<<bits < n {
		bits++
	}
	for i := range n {
		r := 0
		for b := range bits {
			if i&(1<<b) != 0 {
				r |= 1 << (bits - 1 - b)
			}
		}
		f.rev[i] = r
	}
	return f
}

// transform replaces (re, im) by its discrete Fourier transform.
func (f *fft) transform(re, im []float64) {
	n := f.n
	re, im = re[:n], im[:n]
	for i, r := range f.rev {
		if i < r {
			re[i], re[r] = re[r], re[i]
			im[i], im[r] = im[r], im[i]
		}
	}
	for size := 2; size <= n; size <<= 1 {
		half, step := size/2, n/size
		for start := 0; start < n; start += size {
			for k := range half {
				wr, wi := f.cos[k*step], f.sin[k*step]
				a, b := start+k, start+k+half
				tr := wr*re[b] - wi*im[b]
				ti := wr*im[b] + wi*re[b]
				re[b], im[b] = re[a]-tr, im[a]-ti
				re[a], im[a] = re[a]+tr, im[a]+ti
			}
		}
	}
}

// realFFT takes the spectrum of n real samples with one complex transform
// of n/2 points: the even samples as the real part, the odd ones as the
// imaginary part, untangled afterwards. It halves the cost of every frame.
type realFFT struct {
	n      int
	half   *fft
	re, im []float64
	cos    []float64 // e^{-2πik/n}, k < n/2
	sin    []float64
}

func newRealFFT(n int) *realFFT {
	r := &realFFT{n: n, half: newFFT(n / 2), re: make([]float64, n/2), im: make([]float64, n/2),
		cos: make([]float64, n/2), sin: make([]float64, n/2)}
	for k := range n / 2 {
		a := -2 * math.Pi * float64(k) / float64(n)
		r.cos[k], r.sin[k] = math.Cos(a), math.Sin(a)
	}
	return r
}

// power writes |X(k)|² for k = 0..n/2 of the real frame x into out.
func (r *realFFT) power(x []float64, out []float64) {
	h := r.n / 2
	for i := range h {
		r.re[i], r.im[i] = x[2*i], x[2*i+1]
	}
	r.half.transform(r.re, r.im)
	out[0] = sq(r.re[0] + r.im[0])
	out[h] = sq(r.re[0] - r.im[0])
	for k := 1; k < h; k++ {
		// E and O are the spectra of the even and odd samples.
		ar, ai := r.re[k], r.im[k]
		br, bi := r.re[h-k], -r.im[h-k]
		er, ei := (ar+br)/2, (ai+bi)/2
		or, oi := (ai-bi)/2, -(ar-br)/2
		wr, wi := r.cos[k], r.sin[k]
		xr := er + wr*or - wi*oi
		xi := ei + wr*oi + wi*or
		out[k] = xr*xr + xi*xi
	}
}

func sq(v float64) float64 { return v * v }
