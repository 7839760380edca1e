package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
)

// soakMix is what the soak's people do: each op is one call, or one step
// of a few that belong together (make a playlist, add a song, rename it,
// open it, delete it). Ops come in shuffled rounds where each appears as
// often as its weight, so the mix is the same over any stretch of a round
// or more, and a run of a round or more makes every kind of call.
type soakMix struct {
	base  string
	users []*soakUser
	cat   soakCatalog
	ops   []*soakOp
	notes []string // what was left out of the mix, and why

	mu   sync.Mutex
	deck []*soakOp
	r    *rand.Rand

	sizes   sync.Map     // a media URL's path → its length, once a Range answer told it
	counter atomic.Int64 // numbers the playlists the mix makes, whose names must differ
}

type soakCatalog struct {
	songs, albums, artists, titles, words []string
}

// soakOp is one entry of the mix.
type soakOp struct {
	weight int
	kinds  []string                          // the kinds of call it makes, as the summary names them
	do     func(c *soakCall) (string, error) // makes one call and says which kind
	finish func() error                      // completes a half-done sequence at the end; nil for single calls
}

// soakCall is one call's context: the mix, the person making it and the
// worker's random source. start is when its latency is counted from.
type soakCall struct {
	mix   *soakMix
	u     *soakUser
	r     *rand.Rand
	start time.Time
}

// newSoakMix reads the catalog the calls choose from, as the first user
// sees it, and builds the ops.
func newSoakMix(base string, users []*soakUser, r *rand.Rand) (*soakMix, error) {
	m := &soakMix{base: base, users: users, r: r}
	for _, u := range users {
		if _, err := u.listSongs(); err != nil {
			return nil, err
		}
	}
	u := users[0]
	seen := map[string]bool{}
	for _, s := range u.songs {
		m.cat.songs = append(m.cat.songs, s.ID)
		m.cat.titles = append(m.cat.titles, s.Name)
		m.cat.words = soakWords(m.cat.words, seen, s.Name+" "+s.Artist)
	}
	if len(m.cat.songs) == 0 {
		return nil, errors.New("the server has no songs to play: give it a library (--library) or upload some")
	}
	var albums struct {
		Albums []struct {
			ID string `json:"_id"`
		}
	}
	if err := u.call("GET", "/api/albums?sort=name&limit=500", nil, 200, &albums); err != nil {
		return nil, err
	}
	for _, a := range albums.Albums {
		m.cat.albums = append(m.cat.albums, a.ID)
	}
	var artists []struct{ Name string }
	if err := u.call("GET", "/api/search/allartist", nil, 200, &artists); err != nil {
		return nil, err
	}
	for _, a := range artists {
		m.cat.artists = append(m.cat.artists, a.Name)
	}
	if len(m.cat.albums) == 0 || len(m.cat.artists) == 0 {
		return nil, fmt.Errorf("the server lists %d songs but %d albums and %d artists", len(m.cat.songs), len(m.cat.albums), len(m.cat.artists))
	}
	var people struct {
		Users []struct {
			ID string `json:"_id"`
		}
	}
	if err := u.call("GET", "/api/auth/all", nil, 200, &people); err != nil {
		return nil, err
	}
	m.ops = m.webOps()
	if len(people.Users) > 0 {
		m.ops = append(m.ops, m.followOp())
	} else {
		m.notes = append(m.notes, "left out of the mix: following (nobody else has an account here)")
	}
	m.ops = append(m.ops, m.subsonicOps()...)
	return m, nil
}

// soakWords adds the words of s that people would type to words.
func soakWords(words []string, seen map[string]bool, s string) []string {
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if len([]rune(w)) >= 3 && !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	return words
}

// kinds lists every kind of call of the mix, in the mix's order.
func (m *soakMix) kinds() []string {
	var out []string
	for _, op := range m.ops {
		out = append(out, op.kinds...)
	}
	return out
}

// next is the next op of the current round, dealing a new shuffled round
// when it is used up.
func (m *soakMix) next() *soakOp {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.deck) == 0 {
		for _, op := range m.ops {
			for range op.weight {
				m.deck = append(m.deck, op)
			}
		}
		m.r.Shuffle(len(m.deck), func(i, j int) { m.deck[i], m.deck[j] = m.deck[j], m.deck[i] })
	}
	op := m.deck[0]
	m.deck = m.deck[1:]
	return op
}

// finish completes the sequences left half done, so a soak against a
// server that someone uses leaves no playlist, like or follow behind.
func (m *soakMix) finish() error {
	var errs []error
	for _, op := range m.ops {
		if op.finish != nil {
			errs = append(errs, op.finish())
		}
	}
	return errors.Join(errs...)
}

// single is an op of one call.
func single(weight int, kind string, do func(c *soakCall) error) *soakOp {
	return &soakOp{weight: weight, kinds: []string{kind}, do: func(c *soakCall) (string, error) { return kind, do(c) }}
}

// soakStep is one call of a sequence; state carries ids from step to step.
type soakStep struct {
	kind string
	do   func(c *soakCall, state map[string]string) error
}

// sequence is an op whose steps come one at a time, in order, each by the
// person who made the first (whoever's worker deals the op). A first step
// that fails is tried again; a later one that fails is passed, so the
// sequence still ends by undoing what it made.
func (m *soakMix) sequence(steps ...soakStep) *soakOp {
	var mu sync.Mutex
	next := 0
	var owner *soakUser
	state := map[string]string{}
	op := &soakOp{weight: len(steps)}
	for _, s := range steps {
		op.kinds = append(op.kinds, s.kind)
	}
	op.do = func(c *soakCall) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		c.start = time.Now() // the wait for the lock is not the server's
		if next == 0 {
			owner = c.u
			clear(state)
		}
		step := steps[next]
		err := step.do(&soakCall{mix: m, u: owner, r: c.r}, state)
		if next > 0 || err == nil {
			next = (next + 1) % len(steps)
		}
		return step.kind, err
	}
	op.finish = func() error {
		mu.Lock()
		defer mu.Unlock()
		var errs []error
		for ; next != 0; next = (next + 1) % len(steps) {
			errs = append(errs, steps[next].do(&soakCall{mix: m, u: owner, r: rand.New(rand.NewPCG(1, 1))}, state))
		}
		return errors.Join(errs...)
	}
	return op
}

func pick[T any](r *rand.Rand, list []T) T { return list[r.IntN(len(list))] }

// song is a song of the caller's own listing (its audio URL is signed for
// their session).
func (c *soakCall) song() soakSong {
	c.u.mu.Lock()
	defer c.u.mu.Unlock()
	return pick(c.r, c.u.songs)
}

// get is a GET of the web API that must answer 200.
func (c *soakCall) get(path string) error { return c.u.call("GET", path, nil, 200, nil) }

// rest makes a Subsonic call as the caller's app; a failed call is an
// error even though it comes with status 200, as Subsonic answers them.
func (c *soakCall) rest(call string, params url.Values, out any) error {
	var env struct {
		R json.RawMessage `json:"subsonic-response"`
	}
	req, err := http.NewRequest("GET", c.u.restQuery(call, params), nil)
	if err != nil {
		return err
	}
	if err := soakDo(c.u.app, req, 200, &env); err != nil {
		return err
	}
	var head struct {
		Status string
		Error  *struct {
			Code    int
			Message string
		}
	}
	if err := json.Unmarshal(env.R, &head); err != nil {
		return fmt.Errorf("%s: %w", call, err)
	}
	if head.Status != "ok" {
		if head.Error == nil {
			return fmt.Errorf("%s: status %q", call, head.Status)
		}
		return fmt.Errorf("%s: error %d: %s", call, head.Error.Code, head.Error.Message)
	}
	if out != nil {
		return json.Unmarshal(env.R, out)
	}
	return nil
}
