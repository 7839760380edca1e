package synth

// instrument turns one note into mono samples; the mixer places, pans and
// scales them by velocity, so an instrument only shapes the timbre.
type instrument interface {
	// length is how many samples the note needs, release included.
	length(n note, sr float64) int
	// render writes the note into out (len ≥ length) and returns the count.
	render(c *voiceCtx, n note, out []float32) int
}

// voiceCtx is the scratch memory and randomness owned by one render, so
// voices allocate nothing per note and renders never share state.
type voiceCtx struct {
	sr      float64
	env     []float32
	line    []float32
	scratch []float32 // the latest rendered note, before the mixer keeps it
	rng     *rng
}

// envelope fills the context's envelope buffer for a note of dur seconds.
func (c *voiceCtx) envelope(e adsr, dur float64) []float32 {
	n := e.length(dur, c.sr)
	c.env = grow(c.env, n)
	k := e.fill(c.env[:n], dur, c.sr)
	return c.env[:k]
}

// grow returns buf with at least n elements, reusing its memory when it can.
func grow(buf []float32, n int) []float32 {
	if cap(buf) >= n {
		return buf[:n]
	}
	return make([]float32, n, n+n/4)
}
