package eval

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
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

// Item is the metadata of one catalog item in an evaluation: what the
// content side may know of a song nobody has played.
type Item struct {
	ID, Artist, Genre, Title, Text string
	Features                       []float32 // audio features or an embedding
}

// ReadItems reads CSV with a header naming at least the column item, and
// any of artist, genre, title, text; every other column is a number, one
// dimension of the item's feature vector.
func ReadItems(r io.Reader) ([]Item, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("reading the header: %w", err)
	}
	col := map[string]int{}
	var features []int
	for i, h := range head {
		h = strings.ToLower(strings.TrimSpace(h))
		switch h {
		case "item", "artist", "genre", "title", "text":
			col[h] = i
		default:
			features = append(features, i)
		}
	}
	if _, ok := col["item"]; !ok {
		return nil, errors.New("the header has no column item")
	}
	field := func(rec []string, name string) string {
		if i, ok := col[name]; ok && i < len(rec) {
			return strings.TrimSpace(rec[i])
		}
		return ""
	}
	var items []Item
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return items, nil
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		it := Item{ID: field(rec, "item"), Artist: field(rec, "artist"), Genre: field(rec, "genre"),
			Title: field(rec, "title"), Text: field(rec, "text")}
		if it.ID == "" {
			return nil, fmt.Errorf("line %d: empty item", line)
		}
		if len(features) > 0 {
			it.Features = make([]float32, len(features))
			for k, i := range features {
				if i >= len(rec) || strings.TrimSpace(rec[i]) == "" {
					continue
				}
				v, err := strconv.ParseFloat(strings.TrimSpace(rec[i]), 32)
				if err != nil {
					return nil, fmt.Errorf("line %d, column %s: %w", line, head[i], err)
				}
				it.Features[k] = float32(v)
			}
		}
		items = append(items, it)
	}
}

// Standardize centres each feature column on its mean and scales it to unit
// variance, so that tempo in beats per minute does not drown energy in 0–1:
// the engine compares sounds by cosine, which raw columns would make
// near 1 for every pair.
func Standardize(items []Item) {
	dims := 0
	for _, it := range items {
		dims = max(dims, len(it.Features))
	}
	for d := 0; d < dims; d++ {
		var sum, sq float64
		n := 0
		for _, it := range items {
			if d < len(it.Features) {
				x := float64(it.Features[d])
				sum, sq, n = sum+x, sq+x*x, n+1
			}
		}
		mean := sum / float64(n)
		sd := math.Sqrt(max(sq/float64(n)-mean*mean, 0))
		for _, it := range items {
			if d < len(it.Features) {
				x := float64(it.Features[d]) - mean
				if sd > 0 {
					x /= sd
				}
				it.Features[d] = float32(x)
			}
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
