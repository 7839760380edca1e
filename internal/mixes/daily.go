package mixes

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
)

// Daily Mixes: one a taste of the person's, each their favourites of that
// taste with new finds beside them, made once a day (their day) and kept
// for it, so it is the same on every visit and every instance.
const (
	dailyPrefix = "daily-mix-"
	// MaxDaily is the most Daily Mixes a person has.
	MaxDaily = 6
	// favouriteWindow is how far back the favourites are read.
	favouriteWindow = 90 * 24 * time.Hour
	// minFavourites is how many favourites a taste needs to make a mix.
	minFavourites = 2
	// perMixFavourites and perMixFinds fill a mix: about two favourites to
	// a new find, as a mix of the known and the new.
	perMixFavourites = 20
	perMixFinds      = 10
	// findsPerSeed is how many songs like each favourite are looked at, and
	// seedsPerMix how many favourites are looked from.
	findsPerSeed = 10
	seedsPerMix  = 5
)

// ReasonFavourite marks a song in a Daily Mix for being one of the
// person's own most played.
const ReasonFavourite = "favourite"

// DailyKind is the id of the nth Daily Mix (1-based).
func DailyKind(n int) string { return fmt.Sprintf("%s%d", dailyPrefix, n) }

// dailyIndex is n for "daily-mix-n" (1 ≤ n ≤ MaxDaily), else 0.
func dailyIndex(kind string) int {
	var n int
	if rest, ok := strings.CutPrefix(kind, dailyPrefix); ok {
		if _, err := fmt.Sscanf(rest, "%d", &n); err == nil && DailyKind(n) == kind && n >= 1 && n <= MaxDaily {
			return n
		}
	}
	return 0
}

// Known says whether kind names a mix: one of Kinds or a Daily Mix.
func Known(kind string) bool {
	_, ok := Titles[kind]
	return ok || dailyIndex(kind) > 0
}

// Day names the day of t where t is (the person's zone; "2026-11-28").
func Day(t time.Time) string { return t.Format("2006-01-02") }

// Daily is the person's Daily Mixes of today, the first first; none
// while nothing they played makes a taste of at least two songs.
func (s *Service) Daily(ctx context.Context, user *musicify.User) ([]*musicify.Mix, error) {
	now := s.Now().In(user.Location())
	day := Day(now)
	var kept []*musicify.Mix
	for n := 1; n <= MaxDaily; n++ {
		m, err := s.Store.KeptMix(ctx, user.ID, DailyKind(n))
		if musicify.ErrorCode(err) == musicify.ENOTFOUND {
			break
		} else if err != nil {
			return nil, err
		}
		if m.Period != day {
			break
		}
		kept = append(kept, m)
	}
	if len(kept) > 0 {
		return kept, nil
	}
	made, err := s.makeDaily(ctx, user, now, day)
	if err != nil {
		return nil, err
	}
	out := make([]*musicify.Mix, 0, len(made))
	for _, m := range made {
		k, err := s.Store.KeepMix(ctx, user.ID, m)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, nil
}

// taste is a group of a person's favourites: songs the learned model puts
// together, or, for songs it cannot place, one genre, or one artist for
// songs with no genre.
type taste struct {
	key     string
	learned bool // grouped by the model, not by tags
	weight  int  // the sum of its favourites' places from the bottom of the list: the order of the mixes
	songs   []*musicify.Song
}

// tasteKey is the tag taste a song is of: its genre, or its artist when it
// has no genre.
func tasteKey(song *musicify.Song) string {
	if g := strings.ToLower(strings.TrimSpace(song.Genre)); g != "" {
		return "genre:" + g
	}
	return "artist:" + cmp.Or(song.ArtistID, strings.ToLower(song.Artist))
}

// tastesOf groups favourites (most played first) as the learned model
// does, and those it cannot place by their tags; the most played taste
// first, only those of two songs or more.
func (s *Service) tastesOf(songs []*musicify.Song) []*taste {
	byID := make(map[string]*musicify.Song, len(songs))
	weight := make(map[string]int, len(songs))
	ids := make([]string, len(songs))
	for rank, song := range songs {
		byID[song.ID], weight[song.ID], ids[rank] = song, len(songs)-rank, song.ID
	}
	groups, unplaced := s.Recommender.Tastes(ids)
	var tastes []*taste
	for _, g := range groups {
		if len(g) < minFavourites {
			// The model knows it but puts it with none of the others: its
			// tags may still find it company (a small server's few listeners).
			unplaced = append(unplaced, g...)
			continue
		}
		t := &taste{key: "model:" + g[0], learned: true}
		for _, id := range g {
			t.songs = append(t.songs, byID[id])
			t.weight += weight[id]
		}
		tastes = append(tastes, t)
	}
	slices.SortStableFunc(unplaced, func(a, b string) int { return cmp.Compare(weight[b], weight[a]) }) // most played first
	byKey := map[string]*taste{}
	for _, id := range unplaced {
		key := tasteKey(byID[id])
		t := byKey[key]
		if t == nil {
			t = &taste{key: key}
			byKey[key] = t
			tastes = append(tastes, t)
		}
		t.songs = append(t.songs, byID[id])
		t.weight += weight[id]
	}
	tastes = slices.DeleteFunc(tastes, func(t *taste) bool { return len(t.songs) < minFavourites })
	slices.SortStableFunc(tastes, func(a, b *taste) int {
		return cmp.Or(cmp.Compare(b.weight, a.weight), cmp.Compare(a.key, b.key))
	})
	return tastes
}

// makeDaily groups the favourites of the last 90 days into tastes, the
// most played taste first, and fills a mix for each of the first six.
func (s *Service) makeDaily(ctx context.Context, user *musicify.User, now time.Time, day string) ([]*musicify.Mix, error) {
	ids, err := s.Store.MostPlayedSince(ctx, user.ID, now.Add(-favouriteWindow), 1, 200)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	songs, err := s.Songs.SongsByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	tastes := s.tastesOf(songs)
	tastes = tastes[:min(len(tastes), MaxDaily)]

	_, taken, err := s.played(ctx, user.ID) // and, as they are chosen, the finds
	if err != nil {
		return nil, err
	}
	// The songs like each taste's favourites, in the order they come, with
	// the favourite each is like; loaded at once, for their tags.
	like := make([][]candidate, len(tastes))
	var likeIDs []string
	for i, t := range tastes {
		// The most played few are the seeds: each is a query of the
		// recommender, and a first visit of the day asks them all.
		for _, fav := range t.songs[:min(len(t.songs), seedsPerMix)] {
			for _, id := range s.Recommender.Similar(fav.ID, findsPerSeed) {
				if !taken[id] {
					like[i] = append(like[i], candidate{id, fav.ID})
					likeIDs = append(likeIDs, id)
				}
			}
		}
	}
	found, err := s.Songs.SongsByIDs(ctx, likeIDs)
	if err != nil {
		return nil, err
	}
	keyOf := make(map[string]string, len(found))
	for _, song := range found {
		keyOf[song.ID] = tasteKey(song)
	}
	var out []*musicify.Mix
	for i, t := range tastes {
		m := &musicify.Mix{Kind: DailyKind(i + 1), Period: day, Created: today(now)}
		favs := t.songs[:min(len(t.songs), perMixFavourites)]
		fit := s.fitting(t, favs, like[i], keyOf)
		var finds, seeds []string
		for _, c := range like[i] {
			// A find is of the taste (a song the others like from another
			// taste would blur the mix), in one mix only, never played.
			if fit[c.id] && !taken[c.id] && len(finds) < perMixFinds {
				taken[c.id] = true
				finds, seeds = append(finds, c.id), append(seeds, c.seed)
			}
		}
		// Two favourites, then a find, the most played and the best fitting first.
		for f, n := 0, 0; f < len(favs) || n < len(finds); {
			for range 2 {
				if f < len(favs) {
					m.Songs = append(m.Songs, favs[f].ID)
					m.Reasons = append(m.Reasons, musicify.MixReason{Reason: ReasonFavourite})
					f++
				}
			}
			if n < len(finds) {
				m.Songs = append(m.Songs, finds[n])
				m.Reasons = append(m.Reasons, musicify.MixReason{Reason: recommend.ReasonBecause, Seed: seeds[n]})
				n++
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// candidate is a song like a favourite, and the favourite it is like.
type candidate struct{ id, seed string }

// fitting are the candidates of a taste that belong with its favourites
// favs: those the model groups with one of them and, where the model cannot
// tell (a taste of songs it does not know, a song newer than it), those of
// a favourite's tag taste. Songs like a favourite may still be of another
// taste: popular songs filling a short list, a neighbour from the person's
// other side. keyOf is the tag taste of each candidate that still exists.
func (s *Service) fitting(t *taste, favs []*musicify.Song, cands []candidate, keyOf map[string]string) map[string]bool {
	keys := map[string]bool{}
	for _, f := range favs {
		keys[tasteKey(f)] = true
	}
	fit := map[string]bool{}
	var unplaced []string
	if t.learned {
		ids := make([]string, 0, len(favs)+len(cands))
		for _, f := range favs {
			ids = append(ids, f.ID)
		}
		for _, c := range cands {
			ids = append(ids, c.id)
		}
		var groups [][]string
		groups, unplaced = s.Recommender.Tastes(ids)
		for _, g := range groups {
			// A group keeps the order asked, favourites first: it holds
			// one when it starts with one.
			if slices.ContainsFunc(favs, func(f *musicify.Song) bool { return f.ID == g[0] }) {
				for _, id := range g {
					if _, there := keyOf[id]; there {
						fit[id] = true
					}
				}
			}
		}
	} else {
		for _, c := range cands {
			unplaced = append(unplaced, c.id)
		}
	}
	for _, id := range unplaced {
		if key, ok := keyOf[id]; ok && keys[key] {
			fit[id] = true
		}
	}
	return fit
}

// TitleOf names a mix and says what is in it. A Daily Mix is named by its
// place and described by the genres and main artists of its favourites (a
// taste the model found may span two genres); byID holds its songs (those
// still there).
func TitleOf(m *musicify.Mix, byID map[string]*musicify.Song) Title {
	if t, ok := Titles[m.Kind]; ok {
		return t
	}
	var genres, artists []string
	for i, id := range m.Songs {
		s := byID[id]
		if s == nil || i >= len(m.Reasons) || m.Reasons[i].Reason != ReasonFavourite {
			continue
		}
		if s.Genre != "" && !slices.ContainsFunc(genres, func(g string) bool { return strings.EqualFold(g, s.Genre) }) {
			genres = append(genres, s.Genre)
		}
		if s.Artist != "" && !slices.Contains(artists, s.Artist) {
			artists = append(artists, s.Artist)
		}
	}
	genre, who := fewOf(genres), fewOf(artists)
	desc := cmp.Or(who, "Your favourites and new finds.")
	if genre != "" && who != "" {
		desc = genre + " · " + who
	}
	return Title{Name: fmt.Sprintf("Daily Mix %d", dailyIndex(m.Kind)), Description: desc}
}

// fewOf names the first two of names, the most played first: "A", "A and
// B", "A, B and more", or "" for none.
func fewOf(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	case 2:
		return names[0] + " and " + names[1]
	}
	return names[0] + ", " + names[1] + " and more"
}
