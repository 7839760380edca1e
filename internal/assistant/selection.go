package assistant

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/musicify/musicify/internal/assistant/nlu"
	"github.com/musicify/musicify/internal/musicify"
)

// selection is the songs a request picks and what the reply should add.
type selection struct {
	songs []*musicify.Song
	// guessed says tempo or era were judged by genre: the songs have not
	// been analysed, and the reply says so rather than claim a BPM.
	guessed bool
	// missing names what the catalog has none of ("rock"), for the reply.
	missing string
	// source says the songs stand in for what was asked (fromTop, fromNewest).
	source string
}

// genreFamily lets a broad genre find its narrower ones.
var genreFamily = map[string][]string{
	"electronic": {"synthwave", "chiptune", "ambient"},
	"hip hop":    {"lo-fi"},
	"pop":        {"synthwave"},
}

// songGenres reads a song's genres from its genre tag, else from the first
// words of its description ("Instrumental lo-fi, from the album…").
func songGenres(s *musicify.Song) []string {
	if s.Genre != "" {
		if gs := nlu.GenresIn(s.Genre); len(gs) > 0 {
			return gs
		}
	}
	text := s.Text
	if len(text) > 120 {
		text = text[:120]
	}
	return nlu.GenresIn(text)
}

func hasGenre(s *musicify.Song, genre string) bool {
	for _, g := range songGenres(s) {
		if g == genre {
			return true
		}
		for _, narrow := range genreFamily[genre] {
			if g == narrow {
				return true
			}
		}
	}
	return false
}

// filter narrows pool to what the request's genre, mood, tempo and era
// ask for, best fit first.
func (c *Catalog) filter(ctx context.Context, r *nlu.Request, pool []*musicify.Song) (*selection, error) {
	sel := &selection{}
	if r.Genre != "" {
		var kept []*musicify.Song
		for _, s := range pool {
			if hasGenre(s, r.Genre) {
				kept = append(kept, s)
			}
		}
		if len(kept) == 0 {
			sel.missing = r.Genre
			return sel, nil
		}
		pool = kept
	}
	if r.Mood == "" && r.Tempo == "" && r.BPM == 0 && r.Era == "" {
		sel.songs = pool
		return sel, nil
	}
	feats := map[string]Features{}
	if c.Features != nil {
		var err error
		if feats, err = c.Features.SongFeatures(ctx, ids(pool)); err != nil {
			return nil, fmt.Errorf("reading song features: %w", err)
		}
	}
	type scored struct {
		s     *musicify.Song
		score float64
	}
	var out []scored
	for _, s := range pool {
		var f *Features
		if ft, ok := feats[s.ID]; ok {
			f = &ft
		}
		gs := songGenres(s)
		score, parts := 0.0, 0
		if p, ok := profiles[r.Mood]; ok {
			score, parts = score+moodFit(p, f, gs), parts+1
		}
		if r.Tempo != "" || r.BPM != 0 {
			bpm, measured := tempoOf(f, gs)
			if bpm == 0 {
				continue // nothing says how fast it is
			}
			sel.guessed = sel.guessed || !measured
			switch {
			case r.BPM != 0:
				score += inRange(bpm, float64(r.BPM)-8, float64(r.BPM)+8, 20)
			case r.Tempo == "slow":
				score += inRange(bpm, 0, 90, 20)
			default:
				score += inRange(bpm, 115, 400, 20)
			}
			parts++
		}
		if r.Era != "" {
			switch {
			case s.Year > 0:
				score += b2f(fmt.Sprintf("%d0s", s.Year/10) == r.Era)
			default:
				fit := 0.0
				for _, g := range gs {
					fit = math.Max(fit, b2f(genreEra[g] == r.Era))
				}
				score += fit
				sel.guessed = true
			}
			parts++
		}
		if score /= float64(parts); score >= minFit {
			out = append(out, scored{s, score})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].score != out[j].score {
			return out[i].score > out[j].score
		}
		return out[i].s.Count > out[j].s.Count
	})
	for _, o := range out {
		sel.songs = append(sel.songs, o.s)
	}
	if len(sel.songs) == 0 {
		sel.missing = strings.TrimSuffix(r.Describe(), " songs")
	}
	return sel, nil
}

// minFit is how well a song must fit a mood, tempo or era to be chosen:
// folk is not calm enough for "calm" (0.6), lo-fi is (0.8).
const minFit = 0.7

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// fitTo keeps the songs that fill a playlist of the minutes or the count
// asked for; a song of unknown length counts as three and a half minutes.
func fitTo(songs []*musicify.Song, minutes, count int) []*musicify.Song {
	if count > 0 && count < len(songs) {
		songs = songs[:count]
	}
	if minutes <= 0 {
		return songs
	}
	total := 0.0
	for i, s := range songs {
		d := s.Duration
		if d <= 0 {
			d = 210
		}
		total += d
		if total >= float64(minutes)*60 {
			return songs[:i+1]
		}
	}
	return songs
}

// minutesOf is how long songs last, rounded to whole minutes.
func minutesOf(songs []*musicify.Song) int {
	total := 0.0
	for _, s := range songs {
		total += s.Duration
	}
	return int(math.Round(total / 60))
}

// availableGenres lists the genres the catalog has songs of, most songs first.
func availableGenres(songs []*musicify.Song) []string {
	count := map[string]int{}
	for _, s := range songs {
		for _, g := range songGenres(s) {
			count[g]++
		}
	}
	out := make([]string, 0, len(count))
	for g := range count {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool {
		if count[out[i]] != count[out[j]] {
			return count[out[i]] > count[out[j]]
		}
		return out[i] < out[j]
	})
	return out
}
