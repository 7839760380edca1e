package recommend_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
	"github.com/musicify/musicify/internal/recommend/eval"
)

// benchEngine is the benchmark catalog of docs/benchmarks.md: 100,000
// songs, 2,000 listeners, 1,000,000 listens with planted tastes.
func benchEngine(b *testing.B) *recommend.Engine {
	b.Helper()
	words := []string{"love", "night", "blue", "dream", "fire", "light", "road", "rain", "star", "river", "ocean", "neon"}
	now := time.Now()
	e := recommend.New(func() time.Time { return now })
	for i := 0; i < 100_000; i++ {
		e.SongAdded(&musicify.Song{ID: fmt.Sprintf("s%d", i), Artist: fmt.Sprintf("a%d", i%2000),
			Name: words[i%len(words)] + " " + words[(i/7)%len(words)] + fmt.Sprintf(" t%d", i%997)})
	}
	for i, p := range eval.Synthetic(2000, 100_000, 200, 500, 0.8, 11) {
		e.Listened(p.User, p.Item, now.Add(time.Duration(i)*time.Millisecond))
	}
	return e
}

func BenchmarkForUser(b *testing.B) {
	e := benchEngine(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		e.ForUser(fmt.Sprintf("u%d", i%2000), 20, recommend.Options{})
	}
}

func BenchmarkTop(b *testing.B) {
	e := benchEngine(b)
	b.ResetTimer()
	for b.Loop() {
		e.Top(50)
	}
}
