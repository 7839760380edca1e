package bench

import (
	"fmt"
	"io"
	"math"
	"time"
)

// Memory is judged flat when the mean resident memory and the mean live
// heap of the last third of the run are each less than soakFlatMB or less
// than soakFlatShare above the middle third's: the first third is warm-up
// (caches fill, the heap finds its size), and a few MB either way are the
// garbage collector's rhythm. Heap in use is shown, not judged: it rises
// between collections whatever the live heap does.
const (
	soakFlatMB    = 20
	soakFlatShare = 0.10
)

// soakMemory is the verdict on the server's memory over the run.
type soakMemory struct {
	judged, flat          bool
	rssGrowth, liveGrowth float64 // MB, last third's mean minus the middle third's
}

// soakSeries is one figure of the samples, with the run's thirds.
type soakSeries struct {
	name  string
	value func(soakSample) float64
}

// summary prints each figure's mean by thirds of the run, the growth from
// the middle third to the last and the trend over the second half, and
// judges whether memory stayed flat.
func (m *soakSampler) summary(w io.Writer) soakMemory {
	m.mu.Lock()
	samples := append([]soakSample(nil), m.samples...)
	m.mu.Unlock()
	var v soakMemory
	if len(samples) == 0 {
		return v
	}
	end := samples[len(samples)-1].at
	third := func(s soakSample) int { return min(2, int(3*s.at/max(end, 1))) }
	var counts [3]int
	for _, s := range samples {
		counts[third(s)]++
	}
	fmt.Fprintf(w, "\nthe server's memory, %d samples over %s (mean of each third of the run; the first third is warm-up)\n",
		len(samples), end.Round(time.Second))
	fmt.Fprintf(w, "%-14s %12s %12s %12s %20s %20s\n", "", "first third", "middle third", "last third", "last − middle", "slope, second half")
	v.judged = counts[1] >= 2 && counts[2] >= 2
	v.flat = v.judged
	for _, series := range []soakSeries{
		{"RSS MB", func(s soakSample) float64 { return s.rss }},
		{"heap MB", func(s soakSample) float64 { return s.heap }},
		{"live heap MB", func(s soakSample) float64 { return s.live }},
		{"goroutines", func(s soakSample) float64 { return s.goroutines }},
	} {
		var sum [3]float64
		var n [3]int
		var xs, ys []float64
		for _, s := range samples {
			val := series.value(s)
			if math.IsNaN(val) {
				continue
			}
			t := third(s)
			sum[t] += val
			n[t]++
			if s.at >= end/2 {
				xs, ys = append(xs, s.at.Hours()), append(ys, val)
			}
		}
		if n[0]+n[1]+n[2] == 0 {
			fmt.Fprintf(w, "%-14s not known\n", series.name)
			continue
		}
		var mean [3]float64
		for i := range mean {
			mean[i] = math.NaN()
			if n[i] > 0 {
				mean[i] = sum[i] / float64(n[i])
			}
		}
		growth := mean[2] - mean[1]
		share := growth / mean[1]
		fmt.Fprintf(w, "%-14s %12s %12s %12s %20s %20s\n", series.name, num(mean[0], 1), num(mean[1], 1), num(mean[2], 1),
			fmt.Sprintf("%+.1f (%+.1f%%)", growth, 100*share), fmt.Sprintf("%+.1f /h", slope(xs, ys)))
		switch series.name {
		case "RSS MB":
			v.rssGrowth = growth
		case "live heap MB":
			v.liveGrowth = growth
		default:
			continue // shown, not judged: heap in use saws with the collections, goroutines come and go with the calls
		}
		if !(growth < soakFlatMB || share < soakFlatShare) {
			v.flat = false
		}
	}
	switch {
	case !v.judged:
		fmt.Fprintln(w, "memory: too few samples to judge (two or more are needed in each of the last two thirds: a longer run, or a shorter --sample)")
	case v.flat:
		fmt.Fprintf(w, "memory: flat (RSS and the live heap grew less than %d MB or less than %.0f%% from the middle third to the last)\n", soakFlatMB, 100*soakFlatShare)
	default:
		fmt.Fprintf(w, "memory: NOT flat: RSS or the live heap grew %d MB or more and %.0f%% or more from the middle third to the last\n", soakFlatMB, 100*soakFlatShare)
	}
	return v
}

// slope is the least-squares slope of y over x, NaN with fewer than two points.
func slope(xs, ys []float64) float64 {
	if len(xs) < 2 {
		return math.NaN()
	}
	var mx, my float64
	for i := range xs {
		mx += xs[i]
		my += ys[i]
	}
	mx /= float64(len(xs))
	my /= float64(len(ys))
	var cov, vx float64
	for i := range xs {
		cov += (xs[i] - mx) * (ys[i] - my)
		vx += (xs[i] - mx) * (xs[i] - mx)
	}
	if vx == 0 {
		return math.NaN()
	}
	return cov / vx
}
