package nlu

import (
	"fmt"
	"testing"
)

// bigCatalog is the demo catalog and 10,000 more songs with made-up
// titles of two to five words, as a large library would have.
func bigCatalog() Catalog {
	c := demoCatalog()
	words := []string{"midnight", "river", "golden", "echo", "static", "summer", "falling", "neon", "paper",
		"glass", "northern", "velvet", "honey", "storm", "harbour", "quiet", "electric", "silver", "morning", "ghost"}
	for i := 0; i < 10000; i++ {
		title := ""
		for w := 0; w < 2+i%4; w++ {
			title += words[(i*7+w*13+i/20)%len(words)] + " "
		}
		c.Songs = append(c.Songs, Match{Name: fmt.Sprintf("%s%d", title, i), ID: fmt.Sprint(i)})
	}
	return c
}

// BenchmarkParse is one message against a 10,000-song catalog
// (docs/benchmarks.md quotes it).
func BenchmarkParse(b *testing.B) {
	p := NewParser(bigCatalog())
	msgs := []string{"play something calm", "make me a playlist of upbeat songs", "who sings Midnight Harbour",
		"what songs do you have by neon-harbor?", "plya midnite harbour please", "a 20-minute playlist for running"}
	for i := 0; b.Loop(); i++ {
		p.Parse(msgs[i%len(msgs)])
	}
}

// BenchmarkNewParser is building the index of a 10,000-song catalog, which
// the assistant does again when songs or people change.
func BenchmarkNewParser(b *testing.B) {
	c := bigCatalog()
	for b.Loop() {
		NewParser(c)
	}
}
