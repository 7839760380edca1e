package eval

import (
	"fmt"
	"math/rand/v2"
)

// Synthetic makes interactions with planted taste: users belong to one of
// groups, each with its own items, and play mostly (share) items of their
// group, otherwise any item, with a few items popular with everyone. It
// drives the evaluation test and the benchmark.
func Synthetic(users, items, groups, perUser int, share float64, seed uint64) []Pair {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	itemsPerGroup := items / groups
	var pairs []Pair
	for n := 0; n < users*perUser; n++ {
		u := r.IntN(users)
		g := u % groups
		var it int
		switch x := r.Float64(); {
		case x < share:
			// within the group, with a skew: some songs of a taste are hits
			it = g*itemsPerGroup + int(float64(itemsPerGroup)*r.Float64()*r.Float64())
		case x < share+(1-share)/2:
			it = int(float64(items) * 0.01 * r.Float64()) // the global hits
		default:
			it = r.IntN(items)
		}
		pairs = append(pairs, Pair{User: fmt.Sprintf("u%d", u), Item: fmt.Sprintf("s%d", it)})
	}
	return pairs
}
