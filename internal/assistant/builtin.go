package assistant

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/musicify/musicify/internal/assistant/nlu"
	"github.com/musicify/musicify/internal/musicify"
)

// Builtin understands plain requests with a small language layer (package
// nlu) and answers from the catalog. It needs no model, so it works on any
// server.
type Builtin struct {
	Catalog *Catalog

	mu      sync.Mutex
	parser  *nlu.Parser
	version [2]uint64 // the search index versions of songs and users it was built at
}

var _ Assistant = (*Builtin)(nil)

// Chat parses the message, resolves what it points back at from the
// history, and answers. The reply is not streamed: it is complete at once.
func (b *Builtin) Chat(ctx context.Context, u *musicify.User, message string, history []Turn, delta func(string)) (*Answer, error) {
	p, err := b.parserFor(ctx, u)
	if err != nil {
		return nil, err
	}
	t := &turn{b: b, ctx: ctx, u: u, p: p, history: history}
	r := p.Parse(message)
	a, err := t.answer(&r)
	if err != nil {
		return nil, err
	}
	if a.Actions == nil {
		a.Actions = []Action{}
	}
	if delta != nil {
		delta(a.Reply)
	}
	return a, nil
}

// parserFor returns a parser that knows the catalog and u's playlists. The
// catalog's part is rebuilt only when the search index says songs or
// people changed.
func (b *Builtin) parserFor(ctx context.Context, u *musicify.User) (*nlu.Parser, error) {
	c := b.Catalog
	var v [2]uint64
	for i, kind := range []string{musicify.KindSong, musicify.KindUser} {
		n, err := c.Search.Index.Version(ctx, kind)
		if err != nil {
			return nil, fmt.Errorf("reading the search version: %w", err)
		}
		v[i] = n
	}
	b.mu.Lock()
	p := b.parser
	if p != nil && b.version != v {
		p = nil
	}
	b.mu.Unlock()
	if p == nil {
		cat, err := c.names(ctx)
		if err != nil {
			return nil, err
		}
		p = nlu.NewParser(cat)
		b.mu.Lock()
		b.parser, b.version = p, v
		b.mu.Unlock()
	}
	lists, err := c.Playlists.PlaylistsByUser(ctx, u.ID)
	if err != nil {
		return nil, fmt.Errorf("listing playlists: %w", err)
	}
	mine := make([]nlu.Match, len(lists))
	for i, l := range lists {
		mine[i] = nlu.Match{Name: l.Name, ID: l.ID}
	}
	return p.WithPlaylists(mine), nil
}

// names lists what the parser should recognise: songs, artists by their
// display names, albums and people.
func (c *Catalog) names(ctx context.Context) (nlu.Catalog, error) {
	var cat nlu.Catalog
	songs, err := c.Songs.Songs(ctx)
	if err != nil {
		return cat, fmt.Errorf("listing songs: %w", err)
	}
	albums := map[string]bool{}
	for _, s := range songs {
		cat.Songs = append(cat.Songs, nlu.Match{Name: s.Name, ID: s.ID})
		if s.Album != "" && !albums[s.Album] {
			albums[s.Album] = true
			cat.Albums = append(cat.Albums, nlu.Match{Name: s.Album, ID: s.Album})
		}
	}
	artists, err := c.Songs.Artists(ctx)
	if err != nil {
		return cat, fmt.Errorf("listing artists: %w", err)
	}
	isArtist := map[string]bool{}
	for _, a := range artists {
		isArtist[a.Name] = true
		cat.Artists = append(cat.Artists, nlu.Match{Name: displayName(a.Name), ID: a.Name})
	}
	users, err := c.Users.Users(ctx)
	if err != nil {
		return cat, fmt.Errorf("listing users: %w", err)
	}
	for _, u := range users {
		if !isArtist[u.Username] {
			cat.Users = append(cat.Users, nlu.Match{Name: u.Username, ID: u.ID})
		}
	}
	return cat, nil
}

// displayName is how an artist is named in a sentence: an uploader's
// username "neon-harbor" reads "Neon Harbor"; a name from tags stays.
func displayName(name string) string {
	if strings.ToLower(name) != name {
		return name
	}
	return titleCase(strings.NewReplacer("-", " ", "_", " ").Replace(name))
}

// turn is one message being answered, with what it may look back at.
type turn struct {
	b       *Builtin
	ctx     context.Context
	u       *musicify.User
	p       *nlu.Parser
	history []Turn
}

func (t *turn) cat() *Catalog { return t.b.Catalog }

// previous finds the songs of the last request in the history that chose
// songs ("play something calm" before "add them to Focus"), and the song
// names the replies since then mentioned, so "another one" skips them.
func (t *turn) previous() ([]*musicify.Song, map[string]bool, error) {
	mentioned := map[string]bool{}
	for i := len(t.history) - 1; i >= 0; i-- {
		h := t.history[i]
		if h.Role == "assistant" {
			for _, name := range quoted(h.Text) {
				mentioned[name] = true
			}
			continue
		}
		r := t.p.Parse(h.Text)
		if r.Ref || r.Intent == nlu.More || !choosesSongs(r.Intent) {
			continue
		}
		songs, _, err := t.songsFor(&r)
		if err != nil || len(songs) > 0 {
			return songs, mentioned, err
		}
	}
	return nil, mentioned, nil
}

// choosesSongs tells whether answering an intent picks songs a follow-up
// can point back at.
func choosesSongs(i nlu.Intent) bool {
	switch i {
	case nlu.Play, nlu.Queue, nlu.PlayNext, nlu.Shuffle, nlu.List, nlu.Similar, nlu.Recommend, nlu.Popular, nlu.Newest,
		nlu.PlaylistCreate, nlu.WhoIs, nlu.WhoSings, nlu.LastPlayed:
		return true
	}
	return false
}

// quoted returns the “…” names of a reply.
func quoted(text string) []string {
	var out []string
	for {
		i := strings.Index(text, "“")
		if i < 0 {
			return out
		}
		text = text[i+len("“"):]
		j := strings.Index(text, "”")
		if j < 0 {
			return out
		}
		out = append(out, text[:j])
		text = text[j+len("”"):]
	}
}

// titleCase capitalizes each word: names reach here lower-cased.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		r := []rune(w)
		r[0] = []rune(strings.ToUpper(string(r[0])))[0]
		words[i] = string(r)
	}
	return strings.Join(words, " ")
}
