package synth

// rng is a small splitmix64 generator: its output is fixed by this code, not
// by a library version, so a seed renders the same song on every build.
type rng struct{ s uint64 }

// newRNG derives an independent stream per purpose, so adding a random choice
// to one part of the arrangement does not reshuffle the others.
func newRNG(seed int64, stream uint64) *rng {
	r := &rng{s: uint64(seed)*0x9E3779B97F4A7C15 ^ stream*0xD1B54A32D192ED03}
	r.next()
	return r
}

func (r *rng) next() uint64 {
	r.s += 0x9E3779B97F4A7C15
	z := r.s
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// intn returns a number in [0, n).
func (r *rng) intn(n int) int {
	if n <= 1 {
		return 0
	}
	return int(r.next() % uint64(n))
}

// chance is true with probability p.
func (r *rng) chance(p float64) bool { return r.float() < p }

// between returns a number in [lo, hi).
func (r *rng) between(lo, hi float64) float64 { return lo + (hi-lo)*r.float() }

// noise is a fast white-noise source for audio-rate use (xorshift32).
type noise uint32

// next returns a sample in [-1, 1).
func (n *noise) next() float32 {
	x := uint32(*n)
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	*n = noise(x)
	return float32(int32(x)) * (1.0 / 2147483648.0)
}

// newNoise seeds a noise source; zero would be a stuck state.
func newNoise(r *rng) noise { return noise(uint32(r.next()) | 1) }

// next32 returns 32 random bits, e.g. a starting oscillator phase.
func (r *rng) next32() uint32 { return uint32(r.next() >> 32) }
