package synth

import "math"

// verbShift picks the reverb's rate, sr/2^shift: the damped tail has
// little above 5 kHz, so 11 kHz or more is enough, at a fraction of the work.
func verbShift(sr float64) uint {
	s := uint(0)
	for s < 2 && sr/float64(int(2)<<s) >= 11000 {
		s++
	}
	return s
}

// echoAndSend runs over the bus once: it adds the ping-pong echo — a stereo
// delay bouncing between the sides, darkened on every repeat like tape —
// and collects the reverb send at sr/2^shift (frames averaged) for fdn.
func echoAndSend(bus []float32, sr, delay float64, feedback, tone float32, shift uint) []float32 {
	frames := len(bus) / busWidth
	send := make([]float32, frames>>shift+1)
	avg := 1 / float32(int(1)<<shift)
	n := max(int(delay*sr), 1)
	bl, br := make([]float32, n), make([]float32, n)
	a := onePole(float64(tone), sr)
	var lpL, lpR float32
	idx := 0
	echo := delay > 0
	for i := range frames {
		f := bus[busWidth*i : busWidth*i+busWidth : busWidth*i+busWidth]
		send[i>>shift] += avg * f[busVerb]
		if !echo {
			continue
		}
		dl, dr := bl[idx], br[idx]
		lpL += a * (dl - lpL)
		lpR += a * (dr - lpR)
		bl[idx] = f[busEcho] + lpR*feedback
		br[idx] = lpL * feedback
		f[busL] += dl
		f[busR] += dr
		if idx++; idx == n {
			idx = 0
		}
	}
	return send
}

// fdnDelays are mutually prime-ish line lengths in milliseconds; the spread
// avoids the metallic ring of lines that share a period.
var fdnDelays = [8]float64{29.7, 37.1, 41.1, 43.7, 53.3, 59.9, 67.1, 73.7}

// diffDelays are the input all-pass diffusers, in milliseconds.
var diffDelays = [2]float64{5.3, 12.7}

// fdnLen is the ring size of every delay line; masking an index with
// fdnLen-1 lets the compiler drop bounds checks in the loop.
const fdnLen = 8192

// fdn is an 8-line feedback delay network with a Hadamard mix and a
// low-pass in each line: a smooth, dense tail for little work per sample.
// It runs at the send's rate sr and returns interleaved stereo.
func fdn(send []float32, sr, t60, size, damp float64) []float32 {
	out := make([]float32, 2*len(send))
	lines := new([8][fdnLen]float32)
	var d [8]int
	var g [8]float32
	for k, ms := range fdnDelays {
		d[k] = min(max(int(ms*size*sr/1000), 1), fdnLen-1)
		// 1/√8 keeps the Hadamard mix lossless; g sets the decay.
		g[k] = float32(math.Pow(10, -3*float64(d[k])/(t60*sr)) / math.Sqrt(8))
	}
	diffs := new([2][fdnLen]float32)
	var dd [2]int
	for k, ms := range diffDelays {
		dd[k] = min(max(int(ms*sr/1000), 1), fdnLen-1)
	}
	const dg = 0.6
	a := onePole(min(damp, 0.35*sr), sr)
	l0, l1, l2, l3 := &lines[0], &lines[1], &lines[2], &lines[3]
	l4, l5, l6, l7 := &lines[4], &lines[5], &lines[6], &lines[7]
	df0, df1 := &diffs[0], &diffs[1]
	const mask = fdnLen - 1
	// Scalars rather than arrays keep the state in registers.
	var p0, p1, p2, p3, p4, p5, p6, p7 float32
	for i, x := range send {
		w := i & mask
		z := df0[(i-dd[0])&mask]
		v := x + dg*z
		df0[w] = v
		x = z - dg*v
		z = df1[(i-dd[1])&mask]
		v = x + dg*z
		df1[w] = v
		x = z - dg*v
		o0, o1, o2, o3 := l0[(i-d[0])&mask], l1[(i-d[1])&mask], l2[(i-d[2])&mask], l3[(i-d[3])&mask]
		o4, o5, o6, o7 := l4[(i-d[4])&mask], l5[(i-d[5])&mask], l6[(i-d[6])&mask], l7[(i-d[7])&mask]
		p0 += a * (o0 - p0)
		p1 += a * (o1 - p1)
		p2 += a * (o2 - p2)
		p3 += a * (o3 - p3)
		p4 += a * (o4 - p4)
		p5 += a * (o5 - p5)
		p6 += a * (o6 - p6)
		p7 += a * (o7 - p7)
		// Taking the damped lines keeps the return soft, which also hides
		// the images of interpolating it back up to the song's rate.
		out[2*i] = (p0 + p2 + p4 + p6) * 0.5
		out[2*i+1] = (p1 + p3 + p5 + p7) * 0.5
		// fast Walsh-Hadamard transform of the damped outputs
		a0, a1 := p0+p1, p0-p1
		a2, a3 := p2+p3, p2-p3
		a4, a5 := p4+p5, p4-p5
		a6, a7 := p6+p7, p6-p7
		b0, b2 := a0+a2, a0-a2
		b1, b3 := a1+a3, a1-a3
		b4, b6 := a4+a6, a4-a6
		b5, b7 := a5+a7, a5-a7
		l0[w] = x + (b0+b4)*g[0]
		l1[w] = -x + (b1+b5)*g[1]
		l2[w] = x + (b2+b6)*g[2]
		l3[w] = -x + (b3+b7)*g[3]
		l4[w] = x + (b0-b4)*g[4]
		l5[w] = -x + (b1-b5)*g[5]
		l6[w] = x + (b2-b6)*g[6]
		l7[w] = -x + (b3-b7)*g[7]
	}
	return out
}
