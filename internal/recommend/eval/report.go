package eval

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Scores are one recommender's results on one split.
type Scores struct {
	HitRate  float64 // share of test users whose held-out item is in their top k
	NDCG     float64 // the same, discounted by its rank
	Coverage float64 // share of the catalog recommended to anyone
	Novelty  float64 // mean self-information, log2(users / listeners), of what is recommended
	ColdHit  float64 // hit rate over test items nobody played in training (when in the catalog)
	Train    time.Duration
	PeakMB   float64 // heap growth while training, at its highest
}

// Row is one recommender over every run.
type Row struct {
	Name string
	Runs []Scores
}

// Report is the outcome of an evaluation.
type Report struct {
	Holdout            string
	Users, Items, K    int // test users and catalog size, of the first run
	ColdCases          int // test items in the catalog with no training plays, first run
	Lambda             float64
	LambdaNote         string
	EASEItems, Catalog int
	Rows               []Row
}

// Row returns the row of a recommender by name.
func (r Report) Row(name string) Row {
	for _, row := range r.Rows {
		if row.Name == name {
			return row
		}
	}
	return Row{Name: name}
}

// Mean of a metric over the runs, and its sample standard deviation.
func (row Row) Mean(metric func(Scores) float64) (mean, sd float64) {
	if len(row.Runs) == 0 {
		return 0, 0
	}
	for _, s := range row.Runs {
		mean += metric(s)
	}
	mean /= float64(len(row.Runs))
	if len(row.Runs) > 1 {
		for _, s := range row.Runs {
			sd += (metric(s) - mean) * (metric(s) - mean)
		}
		sd = math.Sqrt(sd / float64(len(row.Runs)-1))
	}
	return mean, sd
}

func (r Report) String() string {
	var b strings.Builder
	runs := 0
	if len(r.Rows) > 0 {
		runs = len(r.Rows[0].Runs)
	}
	fmt.Fprintf(&b, "holdout %s, %d run(s): %d test users, catalog %d items, k=%d; %d test items unplayed in training\n",
		r.Holdout, runs, r.Users, r.Items, r.K, r.ColdCases)
	if r.LambdaNote != "" {
		if r.EASEItems >= r.Items {
			fmt.Fprintf(&b, "EASE over all %d items, λ=%g (%s)\n", r.Items, r.Lambda, r.LambdaNote)
		} else {
			fmt.Fprintf(&b, "EASE over the %d most played items, λ=%g (%s)\n", r.EASEItems, r.Lambda, r.LambdaNote)
		}
	}
	fmt.Fprintf(&b, "%-12s %-16s %-16s %-9s %-8s %-9s %-10s %s\n",
		"model", fmt.Sprintf("hit@%d", r.K), fmt.Sprintf("NDCG@%d", r.K), "coverage", "novelty", "cold hit", "train", "peak MB")
	for _, row := range r.Rows {
		h, hs := row.Mean(func(s Scores) float64 { return s.HitRate })
		n, ns := row.Mean(func(s Scores) float64 { return s.NDCG })
		c, _ := row.Mean(func(s Scores) float64 { return s.Coverage })
		nv, _ := row.Mean(func(s Scores) float64 { return s.Novelty })
		ch, _ := row.Mean(func(s Scores) float64 { return s.ColdHit })
		t, _ := row.Mean(func(s Scores) float64 { return s.Train.Seconds() })
		p, _ := row.Mean(func(s Scores) float64 { return s.PeakMB })
		fmt.Fprintf(&b, "%-12s %.4f ± %.4f  %.4f ± %.4f  %-9.3f %-8.2f %-9.4f %-10s %.0f\n",
			row.Name, h, hs, n, ns, c, nv, ch, fmt.Sprintf("%.2fs", t), p)
	}
	return b.String()
}
