// Package eval is the recommender's offline evaluation: leave-one-out
// splits of listening data, the engine beside popularity, item-kNN, RP3β
// and EASE on each, and the table of their scores (`musicify eval
// recommend`). It lives apart from package recommend so that the request
// path carries none of it; it reaches the engine through its exported API
// alone.
package eval

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/recommend"
)

// Config says how to split the data and which recommenders to compare.
type Config struct {
	K        int
	Holdout  string // "last" (the default: each user's last new item) or "random"
	Seed     uint64
	Runs     int
	MinItems int    // users with fewer distinct items are only trained on
	Items    []Item // metadata, and items nobody played, for the catalog
	// EASEItems caps the items EASE learns (the most played); Lambda is
	// its penalty, 0 to tune it on a validation split of the first run.
	EASEItems int
	Lambda    float64
	Models    []string // of "popularity", "item-knn", "rp3b", "ease", "engine"; empty for all
	Log       io.Writer
}

// AllModels are the recommenders an evaluation compares by default.
var AllModels = []string{"popularity", "item-knn", "rp3b", "ease", "engine"}

// lambdaGrid is where EASE's penalty is looked for first; when the best is
// at an end, the search goes on past it, by the same factor of 4.
var lambdaGrid = []float64{25, 100, 400, 1600}

// Evaluate compares the recommenders on the same splits: each run holds
// out one item per user, every recommender trains on the rest and lists
// K items for each test user, none they played in training.
func Evaluate(pairs []Pair, cfg Config) (Report, error) {
	if cfg.K <= 0 {
		cfg.K = 10
	}
	if cfg.Runs <= 0 {
		cfg.Runs = 1
	}
	if cfg.MinItems <= 0 {
		cfg.MinItems = 3
	}
	if cfg.Holdout == "" {
		cfg.Holdout = "last"
	}
	if cfg.Holdout != "last" && cfg.Holdout != "random" {
		return Report{}, fmt.Errorf("holdout %q: want last or random", cfg.Holdout)
	}
	if cfg.Holdout == "last" {
		cfg.Runs = 1 // the same split every time
	}
	if cfg.EASEItems <= 0 {
		cfg.EASEItems = recommend.EASEMaxItems
	}
	if len(cfg.Models) == 0 {
		cfg.Models = AllModels
	}
	logf := func(format string, args ...any) {
		if cfg.Log != nil {
			fmt.Fprintf(cfg.Log, format+"\n", args...)
		}
	}
	pairs = distinct(pairs)
	rep := Report{Holdout: cfg.Holdout, K: cfg.K, EASEItems: cfg.EASEItems, Lambda: cfg.Lambda}
	for _, name := range cfg.Models {
		rep.Rows = append(rep.Rows, Row{Name: name})
	}
	for run := 0; run < cfg.Runs; run++ {
		r := rand.New(rand.NewPCG(cfg.Seed+uint64(run), 0x5eed))
		s := newSplit(pairs, cfg.Items, cfg.Holdout, cfg.MinItems, r)
		if run == 0 {
			rep.Users, rep.Items, rep.ColdCases = len(s.test), len(s.catalog), coldCases(s)
			if rep.Lambda == 0 && (slices.Contains(cfg.Models, "ease") || slices.Contains(cfg.Models, "engine")) {
				rep.Lambda = tuneLambda(s.validation(r), cfg, logf)
				rep.LambdaNote = "tuned on a validation split of run 1"
			} else if rep.Lambda != 0 {
				rep.LambdaNote = "given"
			}
		}
		for k, name := range cfg.Models {
			rk := newRanker(name, cfg, rep.Lambda)
			sc, err := measure(rk, s, cfg.K)
			if err != nil {
				return rep, fmt.Errorf("run %d, %s: %w", run+1, name, err)
			}
			logf("run %d %-10s hit@%d %.4f NDCG %.4f train %s peak %.0f MB", run+1, name, cfg.K, sc.HitRate, sc.NDCG, sc.Train.Round(time.Millisecond), sc.PeakMB)
			rep.Rows[k].Runs = append(rep.Rows[k].Runs, sc)
		}
	}
	return rep, nil
}

func newRanker(name string, cfg Config, lambda float64) ranker {
	switch name {
	case "popularity":
		return &popularRanker{}
	case "item-knn":
		return &modelRanker{fit: func(p *recommend.Plays) (*recommend.ItemModel, error) { return recommend.FitCosine(p), nil }}
	case "rp3b":
		return &modelRanker{fit: func(p *recommend.Plays) (*recommend.ItemModel, error) { return recommend.FitRP3(p), nil }}
	case "ease":
		return easeRanker(cfg.EASEItems, lambda)
	default:
		return &engineRanker{cfg: recommend.TrainConfig{Lambda: lambda, EASEItems: cfg.EASEItems}}
	}
}

// easeRanker is EASE over the n most played items, with penalty lambda.
func easeRanker(n int, lambda float64) *modelRanker {
	return &modelRanker{fit: func(p *recommend.Plays) (*recommend.ItemModel, error) { return recommend.FitEASE(p, n, lambda) }}
}

// tuneLambda picks EASE's penalty by hit rate (then NDCG) on v.
func tuneLambda(v *split, cfg Config, logf func(string, ...any)) float64 {
	tried := map[float64]Scores{}
	try := func(l float64) Scores {
		if sc, ok := tried[l]; ok {
			return sc
		}
		sc, err := measure(easeRanker(cfg.EASEItems, l), v, cfg.K)
		if err != nil {
			sc = Scores{HitRate: -1}
		}
		logf("validation λ=%g hit@%d %.4f NDCG %.4f", l, cfg.K, sc.HitRate, sc.NDCG)
		tried[l] = sc
		return sc
	}
	better := func(a, b Scores) bool { return a.HitRate > b.HitRate || (a.HitRate == b.HitRate && a.NDCG > b.NDCG) }
	grid := append([]float64(nil), lambdaGrid...)
	best := grid[0]
	for _, l := range grid {
		if better(try(l), try(best)) {
			best = l
		}
	}
	for step := 0; step < 3; step++ {
		next := best
		switch best {
		case grid[0]:
			next = best / 4
			grid = append([]float64{next}, grid...)
		case grid[len(grid)-1]:
			next = best * 4
			grid = append(grid, next)
		}
		if next == best || !better(try(next), try(best)) {
			break
		}
		best = next
	}
	return best
}

// measure trains rk on s, timing it and sampling the heap, then scores
// its lists for every test user.
func measure(rk ranker, s *split, k int) (Scores, error) {
	runtime.GC()
	stop := samplePeak()
	start := time.Now()
	err := rk.train(s)
	took := time.Since(start)
	peak := stop()
	if err != nil {
		return Scores{}, err
	}
	sc := Scores{Train: took, PeakMB: float64(peak) / (1 << 20)}
	recommended := map[int32]bool{}
	var novelty float64
	var listed, cold, coldHits int
	users := float64(len(s.users))
	for t, u := range s.testUser {
		recs := rk.recommend(u, k)
		want := s.test[t]
		isCold := want >= 0 && s.pop[want] == 0
		if isCold {
			cold++
		}
		for rank, it := range recs {
			recommended[it] = true
			novelty += math.Log2((users + 1) / (float64(s.pop[it]) + 1))
			listed++
			if it == want {
				sc.HitRate++
				sc.NDCG += 1 / math.Log2(float64(rank)+2)
				if isCold {
					coldHits++
				}
			}
		}
	}
	if n := float64(len(s.testUser)); n > 0 {
		sc.HitRate /= n
		sc.NDCG /= n
	}
	if listed > 0 {
		novelty /= float64(listed)
	}
	sc.Novelty = novelty
	sc.Coverage = float64(len(recommended)) / float64(max(1, len(s.catalog)))
	if cold > 0 {
		sc.ColdHit = float64(coldHits) / float64(cold)
	}
	return sc, nil
}

func coldCases(s *split) int {
	n := 0
	for _, t := range s.test {
		if t >= 0 && s.pop[t] == 0 {
			n++
		}
	}
	return n
}

// MeasurePeak runs fn, and says how long it took and the most the heap
// grew meanwhile, in bytes: the cost of a retrain.
func MeasurePeak(fn func() error) (time.Duration, uint64, error) {
	runtime.GC()
	stop := samplePeak()
	start := time.Now()
	err := fn()
	took := time.Since(start)
	return took, stop(), err
}

// samplePeak watches the heap every millisecond until the returned stop is
// called, and reports its highest growth over where it started.
func samplePeak() (stop func() uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	base := read()
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			if v := read(); v > base && v-base > peak {
				peak = v - base
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() uint64 {
		close(done)
		wg.Wait()
		if v := read(); v > base && v-base > peak {
			peak = v - base
		}
		return peak
	}
}

// candidate is a scored catalog item.
type candidate struct {
	item  int32
	score float32
}

// bestByIndex keeps the k best candidates, ties to the smaller index, so
// that every run of an evaluation lists alike.
func bestByIndex(cands []candidate, k int) []candidate {
	sort.Slice(cands, func(a, b int) bool {
		if cands[a].score != cands[b].score {
			return cands[a].score > cands[b].score
		}
		return cands[a].item < cands[b].item
	})
	if len(cands) > k {
		cands = cands[:k]
	}
	return cands
}
