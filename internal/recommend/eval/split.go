package eval

import (
	"math/rand/v2"
)

// split is one train/test division of an evaluation's data. Items are
// numbered in the catalog: every item played in training, and every item
// of the items file (which may never have been played).
type split struct {
	users    []string
	train    [][]int32 // per user, the catalog items they played, in order
	test     []int32   // per test user, the held-out item, or -1 when it is in no catalog
	testUser []int32
	catalog  []string
	index    map[string]int32
	meta     []Item // by catalog index; zero when the items file does not say
	pop      []int32
}

// newSplit holds out one item of each user with at least minItems items:
// their last, or (holdout "random") one drawn with r. The catalog is built
// from the training plays and the items file only, so an item nobody else
// played is as new to the recommenders as it would be in real life.
func newSplit(pairs []Pair, items []Item, holdout string, minItems int, r *rand.Rand) *split {
	s := &split{index: map[string]int32{}}
	userIdx := map[string]int{}
	var lists [][]string
	for _, p := range pairs {
		u, ok := userIdx[p.User]
		if !ok {
			u = len(s.users)
			userIdx[p.User] = u
			s.users = append(s.users, p.User)
			lists = append(lists, nil)
		}
		lists[u] = append(lists[u], p.Item)
	}
	heldOut := make([]string, len(lists))
	for u, l := range lists {
		if len(l) < minItems {
			continue
		}
		k := len(l) - 1
		if holdout == "random" {
			k = r.IntN(len(l))
		}
		heldOut[u] = l[k]
		lists[u] = append(append([]string(nil), l[:k]...), l[k+1:]...)
	}
	add := func(id string) int32 {
		i, ok := s.index[id]
		if !ok {
			i = int32(len(s.catalog))
			s.index[id] = i
			s.catalog = append(s.catalog, id)
			s.meta = append(s.meta, Item{ID: id})
			s.pop = append(s.pop, 0)
		}
		return i
	}
	s.train = make([][]int32, len(lists))
	for u, l := range lists {
		for _, id := range l {
			i := add(id)
			s.pop[i]++
			s.train[u] = append(s.train[u], i)
		}
	}
	for _, it := range items {
		s.meta[add(it.ID)] = it
	}
	for u, id := range heldOut {
		if id == "" {
			continue
		}
		t, ok := s.index[id]
		if !ok {
			t = -1
		}
		s.testUser = append(s.testUser, int32(u))
		s.test = append(s.test, t)
	}
	return s
}

// validation splits the training data of s once more, holding out a random
// training item of each test user, to tune a model without its test items.
func (s *split) validation(r *rand.Rand) *split {
	v := *s
	v.train = make([][]int32, len(s.train))
	v.pop = append([]int32(nil), s.pop...)
	v.test, v.testUser = nil, nil
	copy(v.train, s.train)
	for _, u := range s.testUser {
		l := s.train[u]
		if len(l) < 2 {
			continue
		}
		k := r.IntN(len(l))
		v.test = append(v.test, l[k])
		v.testUser = append(v.testUser, u)
		v.pop[l[k]]--
		v.train[u] = append(append([]int32(nil), l[:k]...), l[k+1:]...)
	}
	return &v
}
