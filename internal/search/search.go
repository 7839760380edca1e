package search

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"sort"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/foreground"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/supervise"
)

// popularityWeight sets how much popularity lifts a result, on scales where
// the best match and the most popular result are both 1: enough to order
// results of about equal relevance, never to bury a better match.
const popularityWeight = 0.05

// broadMatches is how many matches make a one-word query broad, as the
// first letters of a word being typed or a very common word are.
const broadMatches = 500

// reloadGap is how long after a reload of a word list that followed a write
// the next write's reload happens behind the searches instead of before
// one. A write now and then (an upload, a new playlist) is corrected by the
// very next search; a stream of writes (a library import: a batch every
// fraction of a second) reloads the list behind the searches, which go on
// with the list they have, lacking only the newest words.
const reloadGap = time.Second

// loadShare bounds the reloads of a stream of writes: the next one starts
// no sooner than loadShare times as long as the last one took after it
// ended, so reading 100,000 songs' words again keeps at most about a
// tenth of a core from the searches.
const loadShare = 10

// Service answers searches over the index of one database.
type Service struct {
	Index  musicify.SearchIndex
	Logger *slog.Logger
	// BroadMatches overrides broadMatches (tests make it small).
	BroadMatches int
	// Now is the clock of reloadGap; nil is time.Now.
	Now func() time.Time
	// Background, when set, are the slots the server's background work
	// shares: a reload behind the searches takes one, so it never takes
	// the core the searches need. A reload a search waits for takes none.
	Background foreground.Slots
	// Supervisor turns a panic while building a word list into a failed
	// load: the searches go on with the list they have.
	Supervisor *supervise.Supervisor

	mu     sync.Mutex
	vocabs map[string]*vocabEntry
}

type vocabEntry struct {
	v       *vocab
	version uint64
	loading chan struct{} // closed when the load in flight is done
	// refreshed is when a reload that followed a write last finished; zero
	// until one has (the first load follows no write). took is how long
	// the last load took.
	refreshed time.Time
	took      time.Duration
}

// Find returns up to limit ids of a kind for the text typed, best first:
// matches of what was typed (words as prefixes, in any order) come first,
// then matches that needed a typo corrected. Within each, relevance with a
// nudge from popularity decides.
func (s *Service) Find(ctx context.Context, kind, text string, limit int) ([]string, error) {
	words := Fold(text)
	if len(words) == 0 {
		return []string{}, nil
	}
	exact := make(musicify.Query, len(words))
	for i, w := range words {
		exact[i] = []musicify.Term{{Word: w, Prefix: true}}
	}
	// One word list for the whole search, read when first needed: each read
	// asks the index for its version, a round trip to PostgreSQL, and a
	// search took up to three.
	var v *vocab
	read := false
	list := func() *vocab {
		if !read {
			v, read = s.vocab(ctx, kind), true
		}
		return v
	}
	ids, err := s.match(ctx, kind, list, exact, limit, nil)
	if err != nil || len(ids) >= limit {
		return ids, err
	}
	fuzzy, corrected := correct(list(), words)
	if !corrected {
		return ids, nil
	}
	seen := map[string]bool{}
	for _, id := range ids {
		seen[id] = true
	}
	more, err := s.match(ctx, kind, list, fuzzy, limit-len(ids), seen)
	if err != nil {
		return nil, err
	}
	return append(ids, more...), nil
}

// match finds up to limit ids matching q that are not in seen, by relevance;
// or, when q is one word that thousands of items hold, by popularity among
// the names that match, since relevance can hardly tell those apart (each
// has the word once) and scoring them all costs more than a keystroke should.
func (s *Service) match(ctx context.Context, kind string, list func() *vocab, q musicify.Query, limit int, seen map[string]bool) ([]string, error) {
	if s.broad(list, q) {
		hits, err := s.Index.SearchPopular(ctx, kind, q, limit+len(seen))
		if err != nil {
			return nil, err
		}
		if ids := ranked(hits, limit, seen); len(ids) == limit {
			return ids, nil
		}
		// Few names match: the other fields do, and relevance sorts them out.
	}
	hits, err := s.Index.Search(ctx, kind, q, limit*3)
	if err != nil {
		return nil, err
	}
	return ranked(hits, limit, seen), nil
}

func (s *Service) broad(list func() *vocab, q musicify.Query) bool {
	if len(q) != 1 {
		return false // the words narrow each other down
	}
	limit := s.BroadMatches
	if limit == 0 {
		limit = broadMatches
	}
	v := list()
	if v == nil {
		return false
	}
	n := 0
	for _, t := range q[0] {
		n += v.matches(t.Word, t.Prefix)
	}
	return n > limit
}

// ranked orders hits by relevance lifted by popularity and keeps up to n
// not already seen. Both are scaled to the best of the hits, since bm25's
// scale depends on the size of the catalog.
func ranked(hits []musicify.Hit, n int, seen map[string]bool) []string {
	maxRel, maxPop := 0.0, 0.0
	for _, h := range hits {
		maxRel, maxPop = max(maxRel, h.Relevance), max(maxPop, math.Log1p(h.Popularity))
	}
	score := func(h musicify.Hit) float64 {
		s := h.Relevance / max(maxRel, 1e-9)
		if maxPop > 0 {
			s += popularityWeight * math.Log1p(h.Popularity) / maxPop
		}
		return s
	}
	sort.SliceStable(hits, func(i, j int) bool { return score(hits[i]) > score(hits[j]) })
	ids := []string{}
	for _, h := range hits {
		if len(ids) == n {
			break
		}
		if !seen[h.ID] {
			ids = append(ids, h.ID)
		}
	}
	return ids
}

// correct widens each word with the words of the index it may have meant
// (a known word too: 'harbor' may mean 'harbour'). The caller ranks these
// matches after the exact ones. It reports whether any word changed.
func correct(v *vocab, words []string) (musicify.Query, bool) {
	if v == nil {
		return nil, false
	}
	q := make(musicify.Query, len(words))
	changed := false
	for i, w := range words {
		q[i] = []musicify.Term{{Word: w, Prefix: true}}
		for _, c := range v.corrections(w, 3) {
			q[i] = append(q[i], musicify.Term{Word: c})
			changed = true
		}
	}
	return q, changed
}

// Warm loads the word lists, so the first searches need not.
func (s *Service) Warm(ctx context.Context) error {
	for _, kind := range []string{musicify.KindSong, musicify.KindUser, musicify.KindPlaylist} {
		if s.vocab(ctx, kind) == nil {
			return fmt.Errorf("loading the %s words for search", kind)
		}
	}
	return nil
}

// vocab returns the word list of a kind as the index holds it now: it is
// reloaded when the kind's words changed since it was built, so a search
// right after a write corrects typos with the new words; only while writes
// stream in (reloadGap, loadShare) does the search go on with the list it
// has while reloads, spaced out, run behind it. Concurrent callers share
// one load. Nil means the list could not be loaded; search then goes
// without typo correction rather than failing.
func (s *Service) vocab(ctx context.Context, kind string) *vocab {
	version, err := s.Index.Version(ctx, kind)
	if err != nil {
		s.Logger.Error("reading the search version", "kind", kind, "err", err)
		return nil
	}
	s.mu.Lock()
	if s.vocabs == nil {
		s.vocabs = map[string]*vocabEntry{}
	}
	e := s.vocabs[kind]
	if e == nil {
		e = &vocabEntry{}
		s.vocabs[kind] = e
	}
	for e.v == nil || e.version < version {
		if since, wait := s.now().Sub(e.refreshed), max(reloadGap, loadShare*e.took); e.v != nil && !e.refreshed.IsZero() && since < 2*wait {
			// Writes are streaming in: this search goes on with the list
			// it has, and once the last reload is far enough behind, the
			// next runs behind it.
			if e.loading == nil && since >= wait {
				e.loading = make(chan struct{})
				go func() {
					defer s.Supervisor.Recover("search.reload")
					ctx := context.WithoutCancel(ctx)
					s.Background.Take(ctx)
					defer s.Background.Give()
					s.load(ctx, kind, e, version)
				}()
			}
			break
		}
		if e.loading != nil { // someone is loading it: wait for theirs
			done := e.loading
			s.mu.Unlock()
			select {
			case <-done:
			case <-ctx.Done():
				return nil
			}
			s.mu.Lock()
			continue
		}
		e.loading = make(chan struct{})
		s.mu.Unlock()
		ok := s.load(context.WithoutCancel(ctx), kind, e, version)
		s.mu.Lock()
		if !ok {
			s.mu.Unlock()
			return nil
		}
	}
	v := e.v
	s.mu.Unlock()
	return v
}

// load reads the words of kind at least as new as version into e, whose
// loading channel the caller opened (under s.mu); it closes it. It tells
// whether the words could be read.
func (s *Service) load(ctx context.Context, kind string, e *vocabEntry, version uint64) bool {
	// Read after the version, so the list is at least that new.
	start := s.now()
	words, err := s.Index.SearchTerms(ctx, kind)
	var v *vocab
	if err == nil {
		err = s.Supervisor.Do("search.words", func() error {
			v = newVocab(words)
			return nil
		})
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	close(e.loading)
	e.loading = nil
	if err != nil {
		s.Logger.Error("loading search words", "kind", kind, "err", err)
		return false
	}
	e.took = s.now().Sub(start)
	if version >= e.version {
		if e.v != nil {
			e.refreshed = s.now()
		}
		e.v, e.version = v, version
	}
	return true
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}
