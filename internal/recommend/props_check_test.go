package recommend

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/musicify/musicify/internal/musicify"
)

// checker asks an engine everything it answers and checks what each
// answer promises: only songs it knows and that are not deleted, none
// twice, no more than asked for, none the asker uploaded or just played,
// and reasons that name what they should.
type checker struct {
	t   *testing.T
	r   *rand.Rand
	e   *Engine
	cat map[string]songState // what the engine should know of each song
	w   *world
}

func (c *checker) fail(format string, args ...any) {
	c.t.Helper()
	c.t.Fatalf("%s: %s", c.w, fmt.Sprintf(format, args...))
}

// all asks for up to people of the world's people, a stranger and an
// uploader who never listened, and for songs like a few songs.
func (c *checker) all(people int) {
	r := c.r
	who := []string{"stranger", "uploader0"}
	for range min(people, len(c.w.users)) {
		who = append(who, c.w.users[r.IntN(len(c.w.users))])
	}
	for _, u := range who {
		for _, n := range []int{r.IntN(4), 4 + r.IntN(25)} { // within the first ten, and past them
			opts := Options{}
			switch r.IntN(4) {
			case 1:
				opts.Explore = true
			case 2:
				opts.ExcludeAll = true
			case 3:
				opts.Heard = []string{"never-added", c.song()}
			}
			c.recs(u, n, opts, c.e.ForUserExplained(u, n, opts))
			c.ids(fmt.Sprintf("ForUser(%s, %d)", u, n), c.e.ForUser(u, n, opts), n, c.excluded(u, opts, false))
		}
	}
	for _, u := range who[:min(3, len(who))] {
		c.artists(u, r.IntN(12))
	}
	for range 4 {
		id, n := c.song(), r.IntN(30)
		sim := c.e.Similar(id, n)
		if sim == nil {
			c.fail("Similar(%s, %d) is nil, not empty", id, n)
		}
		c.ids(fmt.Sprintf("Similar(%s, %d)", id, n), sim, n, map[string]bool{id: true})
		c.radio(id, sim, r.IntN(16)-1)
	}
	n := r.IntN(30)
	c.ids(fmt.Sprintf("Top(%d)", n), c.e.Top(n), n, nil)
}

// song is any song id the world names, or one it never does.
func (c *checker) song() string {
	if len(c.w.songs) == 0 || c.r.IntN(10) == 0 {
		return "never-added"
	}
	return c.w.songs[c.r.IntN(len(c.w.songs))]
}

// ids checks a list of song ids: at most n, known, not deleted, none twice
// and none of out.
func (c *checker) ids(what string, ids []string, n int, out map[string]bool) {
	c.t.Helper()
	if len(ids) > n {
		c.fail("%s gave %d songs", what, len(ids))
	}
	seen := map[string]bool{}
	for _, id := range ids {
		switch {
		case !c.cat[id].alive:
			c.fail("%s gave %q, which is unknown or deleted: %q", what, id, ids)
		case seen[id]:
			c.fail("%s gave %q twice: %q", what, id, ids)
		case out[id]:
			c.fail("%s gave %q, which it must leave out: %q", what, id, ids)
		}
		seen[id] = true
	}
}

// history is a person's recent songs in the engine, the latest first.
func (c *checker) history(user string) []entry {
	l, ok := c.e.listeners["u:"+user]
	if !ok {
		return nil
	}
	return c.e.recentEntries(c.e.hist[l].entries, len(c.e.hist[l].entries))
}

// excluded is what ForUser promises to leave out: the person's own
// uploads, the songs they just played (every song of their history with
// ExcludeAll) and opts.Heard; with soft, their liked and other recent
// songs too, which may only come after all the rest.
func (c *checker) excluded(user string, opts Options, soft bool) map[string]bool {
	out := map[string]bool{}
	for id, s := range c.cat {
		if s.owner == user {
			out[id] = true
		}
	}
	for i, en := range c.history(user) {
		if i < justPlayed || opts.ExcludeAll || (soft && (en.like || i < recentExclude)) {
			out[c.e.songs[en.song].id] = true
		}
	}
	for _, id := range opts.Heard {
		out[id] = true
	}
	return out
}

func (c *checker) recs(user string, n int, opts Options, recs []Rec) {
	what := fmt.Sprintf("ForUserExplained(%s, %d, %+v)", user, n, opts)
	ids := make([]string, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	hard, soft := c.excluded(user, opts, false), c.excluded(user, opts, true)
	c.ids(what, ids, n, hard)
	for i, id := range ids {
		if soft[id] && i+1 < len(ids) && !soft[ids[i+1]] {
			c.fail("%s put %s, which the person liked or played lately, before %s: %q", what, id, ids[i+1], ids)
		}
	}
	heard := map[string]bool{}
	for _, en := range c.history(user) {
		heard[c.e.songs[en.song].id] = true
	}
	for _, r := range recs {
		switch r.Reason {
		case ReasonBecause, ReasonSound, ReasonWords:
			if !heard[r.Seed] || r.Seed == r.ID || r.Artist != "" {
				c.fail("%s explains %s by %q, not a song the person played: %+v", what, r.ID, r.Seed, recs)
			}
		case ReasonArtist:
			if r.Artist == "" || r.Artist != c.cat[r.ID].artist || r.Seed != "" {
				c.fail("%s explains %s (by %q) by the artist %q", what, r.ID, c.cat[r.ID].artist, r.Artist)
			}
		case ReasonPopular, ReasonExplore:
			if r.Seed != "" || r.Artist != "" {
				c.fail("%s explains %s by %q and %q", what, r.ID, r.Seed, r.Artist)
			}
		default:
			c.fail("%s gives %s for the reason %q", what, r.ID, r.Reason)
		}
	}
}

// artists checks Artists: at most n, none twice, each the artist of a
// song the engine knows.
func (c *checker) artists(user string, n int) {
	names := c.e.Artists(user, n)
	if len(names) > n {
		c.fail("Artists(%s, %d) gave %d", user, n, len(names))
	}
	known := map[string]bool{}
	for _, s := range c.cat {
		if s.alive {
			known[s.artist] = true
		}
	}
	seen := map[string]bool{}
	for _, a := range names {
		if seen[a] || !known[a] {
			c.fail("Artists(%s, %d) = %q: %q is twice or nobody's", user, n, names, a)
		}
		seen[a] = true
	}
}

// radio checks SongRadio over a song's similar songs: the seed first, then
// each candidate at most once, as many as asked for while they last, and
// no artist a third time in a row while another's song could come next.
func (c *checker) radio(seed string, cands []string, n int) {
	artist := map[string]string{}
	features := map[string]*musicify.AudioFeatures{}
	for _, id := range append([]string{seed}, cands...) {
		artist[id] = c.cat[id].artist
		if f := c.w.sound[id]; f != nil && c.r.IntN(4) > 0 {
			features[id] = f
		}
	}
	got := SongRadio(seed, cands, features, artist, n)
	what := fmt.Sprintf("SongRadio(%s, %q, %d) = %q", seed, cands, n, got)
	if want := min(max(n, 0), 1+len(cands)); len(got) != want || (want > 0 && got[0] != seed) {
		c.fail("%s: want the seed and %d more", what, want-1)
	}
	played := map[string]bool{}
	for i, id := range got {
		if played[id] || (i > 0 && !slices.Contains(cands, id)) {
			c.fail("%s: %s is no candidate, or twice", what, id)
		}
		played[id] = true
		a := artist[id]
		if i < radioArtistRun || a == "" || artist[got[i-1]] != a || artist[got[i-2]] != a {
			continue
		}
		// The next song comes from the measured songs while any are left.
		for _, other := range cands {
			if !played[other] && other != seed && (features[other] != nil) == (features[id] != nil) && artist[other] != a {
				c.fail("%s: %s plays %s a third time in a row, though %s could play", what, id, a, other)
			}
		}
	}
}
