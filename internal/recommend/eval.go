package recommend

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// Pair is one interaction of an evaluation file: a user played an item.
type Pair struct{ User, Item string }

// ReadPairs reads CSV lines "user,item" (a header line is skipped), in
// the order they happened.
func ReadPairs(r io.Reader) ([]Pair, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	var pairs []Pair
	for line := 1; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return pairs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if len(rec) < 2 {
			return nil, fmt.Errorf("line %d: want user,item", line)
		}
		u, it := strings.TrimSpace(rec[0]), strings.TrimSpace(rec[1])
		if line == 1 && strings.EqualFold(u, "user") && strings.EqualFold(it, "item") {
			continue
		}
		if u == "" || it == "" {
			return nil, fmt.Errorf("line %d: empty user or item", line)
		}
		pairs = append(pairs, Pair{u, it})
	}
}

// Scores are the leave-one-out results of one recommender.
type Scores struct {
	HitRate float64 // share of users whose held-out item is in their top k
	NDCG    float64 // the same, discounted by its rank
}

// Report compares the engine with recommending what is most popular.
type Report struct {
	Users, K           int
	Engine, Popularity Scores
}

func (r Report) String() string {
	ratio := math.Inf(1)
	if r.Popularity.HitRate > 0 {
		ratio = r.Engine.HitRate / r.Popularity.HitRate
	}
	return fmt.Sprintf("leave-one-out over %d users, k=%d\n"+
		"             hit rate@%d  NDCG@%d\n"+
		"engine       %.4f      %.4f\n"+
		"popularity   %.4f      %.4f\n"+
		"engine / popularity (hit rate): %.2fx\n",
		r.Users, r.K, r.K, r.K, r.Engine.HitRate, r.Engine.NDCG, r.Popularity.HitRate, r.Popularity.NDCG, ratio)
}

// Evaluate holds out each user's last new item (users with at least three
// distinct items), trains on the rest in order, and asks both recommenders
// for k items the user has not played. Repeat plays count once: an item
// already played can be neither held out nor recommended.
func Evaluate(pairs []Pair, k int) Report {
	pairs = distinct(pairs)
	last := map[string]int{}
	count := map[string]int{}
	for i, p := range pairs {
		last[p.User] = i
		count[p.User]++
	}
	held := map[int]bool{}
	for u, i := range last {
		if count[u] >= 3 {
			held[i] = true
		}
	}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := start
	e := New(func() time.Time { return clock })
	items := map[string]bool{}
	for _, p := range pairs {
		if !items[p.Item] {
			items[p.Item] = true
			e.SongAdded(&musicify.Song{ID: p.Item})
		}
	}
	popularity := map[string]int{}
	seen := map[string]map[string]bool{}
	for i, p := range pairs {
		if held[i] {
			continue
		}
		clock = start.Add(time.Duration(i) * time.Second)
		e.Listened(p.User, p.Item, clock)
		popularity[p.Item]++
		if seen[p.User] == nil {
			seen[p.User] = map[string]bool{}
		}
		seen[p.User][p.Item] = true
	}
	popular := make([]string, 0, len(popularity))
	for it := range popularity {
		popular = append(popular, it)
	}
	sort.Slice(popular, func(i, j int) bool {
		if popularity[popular[i]] != popularity[popular[j]] {
			return popularity[popular[i]] > popularity[popular[j]]
		}
		return popular[i] < popular[j]
	})

	r := Report{K: k}
	for i := range held {
		p := pairs[i]
		r.Users++
		addHit(&r.Engine, e.ForUser(p.User, k, Options{ExcludeAll: true}), p.Item)
		var pop []string
		for _, it := range popular {
			if len(pop) == k {
				break
			}
			if !seen[p.User][it] {
				pop = append(pop, it)
			}
		}
		addHit(&r.Popularity, pop, p.Item)
	}
	if r.Users > 0 {
		for _, s := range []*Scores{&r.Engine, &r.Popularity} {
			s.HitRate /= float64(r.Users)
			s.NDCG /= float64(r.Users)
		}
	}
	return r
}

func addHit(s *Scores, recs []string, want string) {
	for rank, it := range recs {
		if it == want {
			s.HitRate++
			s.NDCG += 1 / math.Log2(float64(rank)+2)
			return
		}
	}
}

// distinct keeps the first play of each user and item.
func distinct(pairs []Pair) []Pair {
	seen := map[Pair]bool{}
	out := make([]Pair, 0, len(pairs))
	for _, p := range pairs {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}
