package assistant

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/musicify/musicify/internal/assistant/nlu"
	"github.com/musicify/musicify/internal/musicify"
)

// Where a list of songs came from, when it is not what was asked for.
const (
	fromTop    = "top"    // recommendations fell back to the most played
	fromNewest = "newest" // nothing has been played yet
)

// songsFor picks the songs a request asks for: named ones (a song and
// songs like it, an artist's, an album's, a playlist's, the user's likes,
// the previous answer's), narrowed by genre, mood, tempo and era; or, for
// the intents that need no name, recommendations, top and newest songs.
func (t *turn) songsFor(r *nlu.Request) ([]*musicify.Song, *selection, error) {
	c, ctx := t.cat(), t.ctx
	sel := &selection{}
	var pool []*musicify.Song
	var err error
	switch {
	case r.Ref:
		pool, _, err = t.previous()
		if err == nil && r.Intent == nlu.Similar && len(pool) > 0 {
			pool, err = t.similarTo(pool[0])
		}
	case r.Song != nil:
		var song *musicify.Song
		if song, err = c.Songs.Song(ctx, r.Song.ID); err == nil {
			pool = []*musicify.Song{song}
			if r.Intent != nlu.WhoSings {
				var like []*musicify.Song
				like, err = t.similarTo(song)
				if r.Intent == nlu.Similar {
					pool = like
				} else {
					pool = append(pool, like...)
				}
			}
		}
	case r.Artist != nil:
		pool, err = c.ArtistSongs(ctx, r.Artist.ID)
		if err == nil && r.Intent == nlu.Similar {
			pool, err = t.likeArtist(r.Artist.ID, pool)
		}
	case r.Album != nil:
		pool, err = t.album(r.Album.Name)
	case r.Playlist != nil:
		pool, err = c.Playlists.PlaylistSongs(ctx, r.Playlist.ID)
	case r.Liked && c.Likes != nil:
		pool, err = c.Likes.LikedSongs(ctx, t.u.ID)
	case r.Query != "":
		pool, err = c.FindSongs(ctx, r.Query, 20)
	case r.Genre != "" || r.Mood != "" || r.Tempo != "" || r.BPM != 0 || r.Era != "":
		pool, err = c.Songs.Songs(ctx)
	default:
		return t.unnamed(r)
	}
	if err != nil {
		return nil, nil, err
	}
	if r.Genre != "" || r.Mood != "" || r.Tempo != "" || r.BPM != 0 || r.Era != "" {
		if sel, err = c.filter(ctx, r, pool); err != nil {
			return nil, nil, err
		}
		pool = sel.songs
	}
	return pool, sel, nil
}

// unnamed picks songs for the intents that name nothing: recommendations,
// the most played, the newest and the last played. None of them is a dead
// end: with nothing played yet, the newest songs stand in.
func (t *turn) unnamed(r *nlu.Request) ([]*musicify.Song, *selection, error) {
	c, ctx := t.cat(), t.ctx
	sel := &selection{}
	var songs []*musicify.Song
	var err error
	switch r.Intent {
	case nlu.LastPlayed, nlu.NowPlaying:
		if c.History == nil {
			return nil, sel, nil
		}
		var idList []string
		if idList, err = c.History.RecentlyPlayed(ctx, t.u.ID, 10); err == nil {
			songs, err = c.Songs.SongsByIDs(ctx, idList)
		}
		return songs, sel, err
	case nlu.Shuffle, nlu.List: // "shuffle everything", "list all songs"
		songs, err = c.Songs.Songs(ctx)
		return songs, sel, err
	case nlu.Recommend, nlu.Play, nlu.Queue, nlu.PlaylistCreate:
		if songs, err = c.ForUser(ctx, t.u, 20); err != nil || len(songs) > 0 {
			return songs, sel, err
		}
		sel.source = fromTop
		fallthrough
	case nlu.Popular:
		if songs, err = c.Top(ctx, 20); err != nil || len(songs) > 0 {
			return songs, sel, err
		}
		sel.source = fromNewest
		fallthrough
	default:
		if songs, err = c.Songs.Songs(ctx); err != nil {
			return nil, nil, fmt.Errorf("listing songs: %w", err)
		}
		if len(songs) > 20 {
			songs = songs[:20]
		}
		return songs, sel, nil
	}
}

// similarTo lists songs like one: the recommender's neighbours, else songs
// of its genres by other artists, so a new catalog still answers.
func (t *turn) similarTo(song *musicify.Song) ([]*musicify.Song, error) {
	like, err := t.cat().Similar(t.ctx, song.ID, 10)
	if err != nil || len(like) > 0 {
		return like, err
	}
	all, err := t.cat().Songs.Songs(t.ctx)
	if err != nil {
		return nil, fmt.Errorf("listing songs: %w", err)
	}
	genres := songGenres(song)
	var out []*musicify.Song
	for _, s := range all {
		if s.ID == song.ID {
			continue
		}
		for _, g := range genres {
			if hasGenre(s, g) {
				out = append(out, s)
				break
			}
		}
	}
	return out, nil
}

// likeArtist lists songs by other artists that sound like an artist's.
func (t *turn) likeArtist(artist string, theirs []*musicify.Song) ([]*musicify.Song, error) {
	seen := map[string]bool{}
	var out []*musicify.Song
	for _, s := range theirs {
		like, err := t.similarTo(s)
		if err != nil {
			return nil, err
		}
		for _, l := range like {
			if l.Artist != artist && !seen[l.ID] {
				seen[l.ID] = true
				out = append(out, l)
			}
		}
	}
	return out, nil
}

// album lists the songs of an album, by the album tag, in the order the
// album plays: by disc, then track.
func (t *turn) album(name string) ([]*musicify.Song, error) {
	all, err := t.cat().Songs.Songs(t.ctx)
	if err != nil {
		return nil, fmt.Errorf("listing songs: %w", err)
	}
	var out []*musicify.Song
	for _, s := range all {
		if s.Album == name {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b *musicify.Song) int {
		return cmp.Or(cmp.Compare(a.Disc, b.Disc), cmp.Compare(a.Track, b.Track))
	})
	return out, nil
}
