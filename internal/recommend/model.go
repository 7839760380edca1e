package recommend

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// Model is a learned item-item model: for each item, its strongest
// neighbours. It names songs by id, so that the instance that trained it
// and those that load it (with their own song indexes) read it alike.
type Model struct {
	Kind      string // "ease" or "rp3b"
	Items     []string
	Offsets   []int32 // item i's neighbours are Nbr[Offsets[i]:Offsets[i+1]]
	Nbr       []int32
	W         []float32
	EASEItems int       // the items EASE learned (the most played); RP3β the rest
	Listeners int       // rows it learned from: users and playlists
	Cells     int       // their distinct (listener, song) pairs
	TrainedAt time.Time // when its data was read
	Took      time.Duration
}

// TrainConfig sets the model's size and regularisation; zero values take
// the defaults below.
type TrainConfig struct {
	Lambda     float64 // EASE's ridge penalty
	EASEItems  int     // the most items EASE learns; more and RP3β learns them all
	Neighbours int     // weights kept per item
	Beta       float64 // RP3β's popularity penalty
	// RP3Only, when the active items outnumber EASEItems, learns RP3β
	// alone, rather than EASE over the EASEItems most played as well.
	RP3Only bool
}

// Defaults, set on Last.fm-shaped data (docs/benchmarks.md).
const (
	defaultLambda     = 100
	defaultNeighbours = 200
	defaultBeta       = 0.5
)

func (c TrainConfig) withDefaults() TrainConfig {
	if c.Lambda <= 0 {
		c.Lambda = defaultLambda
	}
	if c.EASEItems <= 0 {
		c.EASEItems = EASEMaxItems
	}
	if c.Neighbours <= 0 {
		c.Neighbours = defaultNeighbours
	}
	if c.Beta <= 0 {
		c.Beta = defaultBeta
	}
	return c
}

// TrainSet gathers what a model learns from: per listener, a weight per song.
type TrainSet struct {
	index map[string]int32
	items []string
	rows  map[string]map[int32]float32
	at    time.Time
}

func NewTrainSet(at time.Time) *TrainSet {
	return &TrainSet{index: map[string]int32{}, rows: map[string]map[int32]float32{}, at: at}
}

// Add counts w for a listener (a user, or a playlist as "p:"+id) and an item.
func (t *TrainSet) Add(listener, item string, w float32) {
	i, ok := t.index[item]
	if !ok {
		i = int32(len(t.items))
		t.index[item] = i
		t.items = append(t.items, item)
	}
	r := t.rows[listener]
	if r == nil {
		r = map[int32]float32{}
		t.rows[listener] = r
	}
	r[i] += w
}

// cellValue damps repeats as the engine's histories do: the tenth listen
// says less than the first, and eight listens are as good as more.
func cellValue(w float32) float32 {
	return float32(math.Log1p(float64(min(w, maxEntryWeight))))
}

func (t *TrainSet) matrix() *matrix {
	rows := make([][]iv, 0, len(t.rows))
	for _, r := range t.rows {
		row := make([]iv, 0, len(r))
		for i, w := range r {
			if w > 0 {
				row = append(row, iv{i, cellValue(w)})
			}
		}
		if len(row) > 0 {
			rows = append(rows, row)
		}
	}
	return newMatrix(rows, len(t.items))
}

// ErrNothingToLearn is Train's answer before anyone played anything.
var ErrNothingToLearn = errors.New("nothing to learn from yet")

// Train learns a model: EASE over every item with at least two listeners
// when it can (it is the more accurate); otherwise EASE over the most
// played of them and RP3β for the rest ("ease+rp3b"), which on
// Last.fm-shaped data beats both EASE over those items and item-kNN.
func Train(t *TrainSet, cfg TrainConfig) (*Model, error) {
	start := time.Now()
	cfg = cfg.withDefaults()
	m := t.matrix()
	if len(m.rows) == 0 {
		return nil, ErrNothingToLearn
	}
	order := m.byDegree()
	active := 0
	for active < len(order) && m.degree[order[active]] >= 2 {
		active++
	}
	// EASE learns only items with two listeners or more: an item heard by
	// one listener alone co-occurs with nothing another listener did. A
	// new server (one person, nothing heard twice) has none, and RP3β
	// alone serves until it has.
	var rows [][]neighbour
	kind := "rp3b"
	learned := order[:easeItems(m, order[:active], cfg.EASEItems)]
	if len(learned) > 0 && len(learned) == active {
		var err error
		if rows, err = learnEASE(m, learned, cfg); err != nil {
			return nil, err
		}
		kind = "ease"
	} else {
		// At most ~10M weights (80 MB, in memory and in the stored blob).
		k := min(cfg.Neighbours, max(50, 10_000_000/max(1, m.nItems)))
		rows = fitRP3(m, cfg.Beta, k)
		if len(learned) > 0 && !cfg.RP3Only {
			ease, err := learnEASE(m, learned, cfg)
			if err != nil {
				return nil, err
			}
			rows, kind = mergeRows(ease, rows), "ease+rp3b"
		}
	}
	model := &Model{Kind: kind, Items: t.items, Offsets: make([]int32, 1, len(rows)+1),
		Listeners: len(m.rows), TrainedAt: t.at}
	if kind != "rp3b" {
		model.EASEItems = len(learned)
	}
	for _, r := range rows {
		for _, n := range r {
			model.Nbr = append(model.Nbr, n.item)
			model.W = append(model.W, n.w)
		}
		model.Offsets = append(model.Offsets, int32(len(model.Nbr)))
	}
	for _, r := range m.rows {
		model.Cells += len(r)
	}
	model.Took = time.Since(start)
	return model, nil
}

// dualWork bounds the work of EASE's listener form: items learned × their
// plays (on Last.fm-2k 6,953 × 82,155, 0.6e9: 2 s here).
const dualWork = 1.5e9

// easeItems is how many of the active items (most played first) EASE
// learns: as many as keep its one inverse within maxInverse² (the items ×
// items one, or the listeners × listeners one when there are more items),
// and the listener form's rows within dualWork. A server with a few
// people learns EASE over its whole library; one with many over its
// maxInverse most played songs.
func easeItems(m *matrix, active []int32, maxInverse int) int {
	listeners := len(m.rows)
	if len(active) <= maxInverse || listeners > maxInverse {
		return min(len(active), maxInverse)
	}
	var cells float64
	for n, it := range active {
		cells += float64(m.degree[it])
		if n+1 > maxInverse && float64(n+1)*cells > dualWork {
			return n
		}
	}
	return len(active)
}

// learnEASE learns EASE's rows over the items in order, through whichever
// of the items and the listeners are fewer: the same weights either way.
func learnEASE(m *matrix, order []int32, cfg TrainConfig) ([][]neighbour, error) {
	if len(m.rows) < len(order) {
		d, err := newEASEDual(m, order, cfg.Lambda)
		if err != nil {
			return nil, fmt.Errorf("learning EASE: %w", err)
		}
		return d.sparse(m.nItems, cfg.Neighbours), nil
	}
	b, err := fitEASE(m, order, cfg.Lambda)
	if err != nil {
		return nil, fmt.Errorf("learning EASE: %w", err)
	}
	return sparseEASE(b, order, m.nItems, cfg.Neighbours), nil
}

// mergeRows keeps EASE's weights where it learned an item and RP3β's for
// the rest, RP3β's scaled to EASE's: so that the most played items get the
// more accurate model and the long tail still has neighbours.
func mergeRows(ease, rp3 [][]neighbour) [][]neighbour {
	// Each row's strongest positive weight, its first (EASE keeps negative
	// ones too, after).
	top := func(rows [][]neighbour) float64 {
		var sum float64
		var n int
		for _, r := range rows {
			if len(r) > 0 && r[0].w > 0 {
				sum += float64(r[0].w)
				n++
			}
		}
		return sum / float64(max(n, 1))
	}
	// EASE may keep no positive weight at all (too few items, none of
	// them played together): RP3β's then stand as they are, not scaled to 0.
	scale := float32(1)
	if t := top(ease); t > 0 {
		scale = float32(t / max(top(rp3), 1e-12))
	}
	out := make([][]neighbour, len(rp3))
	for i := range rp3 {
		if len(ease[i]) > 0 {
			out[i] = ease[i]
			continue
		}
		out[i] = make([]neighbour, len(rp3[i]))
		for k, n := range rp3[i] {
			out[i][k] = neighbour{n.item, n.w * scale}
		}
	}
	return out
}
