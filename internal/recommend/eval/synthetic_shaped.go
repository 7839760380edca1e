package eval

import (
	"fmt"
	"math/rand/v2"
)

// Shaped describes listening data shaped like a public data set: how many
// users and items, tastes (genres), items per user, and the share of plays
// that follow general popularity rather than taste.
type Shaped struct {
	Users, Items, Genres, PerUser int
	Global                        float64
	Features                      int // dimensions of each item's planted sound
	Seed                          uint64
}

// LastfmShaped is the shape of HetRec 2011 Last.fm-2k: 1,892 users, 17,632
// artists, about 49 artists per user, a long tail of artists one user knows.
var LastfmShaped = Shaped{Users: 1892, Items: 17632, Genres: 60, PerUser: 50, Global: 0.3, Features: 8, Seed: 1}

// SyntheticShaped makes users who each play up to PerUser distinct items:
// by popularity over all items (Zipf), or within their two tastes (Zipf
// again, the first taste most). Each item has an artist (three items per
// artist, in one genre), a genre tag, and a sound: its genre's centre plus
// noise. Pairs come user by user, as the HetRec file lists them.
func SyntheticShaped(c Shaped) ([]Pair, []Item) {
	r := rand.New(rand.NewPCG(c.Seed, c.Seed^0x51ab))
	perGenre := c.Items / c.Genres
	global := rand.NewZipf(r, 1.1, 8, uint64(c.Items-1))
	within := rand.NewZipf(r, 1.05, 4, uint64(perGenre-1))
	var pairs []Pair
	for u := 0; u < c.Users; u++ {
		first, second := u%c.Genres, r.IntN(c.Genres)
		n := c.PerUser
		if r.IntN(10) == 0 {
			n = 5 + r.IntN(c.PerUser-5)
		}
		seen := map[int]bool{}
		for tries := 0; len(seen) < n && tries < 20*n; tries++ {
			var it int
			switch x := r.Float64(); {
			case x < c.Global:
				it = int(global.Uint64())
			case x < c.Global+(1-c.Global)*0.7:
				it = int(within.Uint64())*c.Genres + first
			default:
				it = int(within.Uint64())*c.Genres + second
			}
			if it >= c.Items || seen[it] {
				continue
			}
			seen[it] = true
			pairs = append(pairs, Pair{User: fmt.Sprintf("u%d", u), Item: fmt.Sprintf("i%d", it)})
		}
	}
	centres := make([][]float32, c.Genres)
	for g := range centres {
		centres[g] = make([]float32, c.Features)
		for d := range centres[g] {
			centres[g][d] = float32(r.NormFloat64())
		}
	}
	items := make([]Item, c.Items)
	for i := range items {
		g := i % c.Genres
		f := make([]float32, c.Features)
		for d := range f {
			f[d] = centres[g][d] + 0.5*float32(r.NormFloat64())
		}
		items[i] = Item{ID: fmt.Sprintf("i%d", i), Artist: fmt.Sprintf("artist%d-%d", g, i/c.Genres/3),
			Genre: fmt.Sprintf("genre%d", g), Title: fmt.Sprintf("title %d", i), Features: f}
	}
	return pairs, items
}
