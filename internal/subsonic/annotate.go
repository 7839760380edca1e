package subsonic

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/musicify/musicify/internal/musicify"
)

// target is what an id passed to star or setRating names.
type target struct{ kind, id string }

// targetOf tells songs, albums (al-) and artists (ar-) apart, and checks
// that the item exists.
func (s *Server) targetOf(q *request, id, kind string) (target, error) {
	switch {
	case kind == musicify.StarAlbum || strings.HasPrefix(id, albumPrefix):
		al, err := s.Albums.Album(q.ctx(), bareID(id, albumPrefix))
		if err != nil {
			return target{}, err
		}
		return target{musicify.StarAlbum, al.ID}, nil
	case kind == musicify.StarArtist || strings.HasPrefix(id, artistPrefix):
		ar, err := s.Albums.ArtistByID(q.ctx(), bareID(id, artistPrefix))
		if err != nil {
			return target{}, err
		}
		return target{musicify.StarArtist, ar.ID}, nil
	}
	song, err := s.song(q, id)
	if err != nil {
		return target{}, err
	}
	return target{musicify.StarSong, song.ID}, nil
}

// starTargets reads id, albumId and artistId, each repeatable.
func (s *Server) starTargets(q *request) ([]target, error) {
	var out []target
	for _, p := range []struct{ name, kind string }{{"id", ""}, {"albumId", musicify.StarAlbum}, {"artistId", musicify.StarArtist}} {
		for _, id := range q.all(p.name) {
			t, err := s.targetOf(q, id, p.kind)
			if err != nil {
				return nil, err
			}
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return nil, missing("id, albumId or artistId")
	}
	return out, nil
}

// star stars songs as likes, so the web app shows them liked and the
// recommendations learn from them; albums and artists are kept apart.
func (s *Server) star(_ http.ResponseWriter, q *request) (*response, error) {
	targets, err := s.starTargets(q)
	if err != nil {
		return nil, err
	}
	for _, t := range targets {
		if t.kind == musicify.StarSong {
			err = s.Social.Like(q.ctx(), q.user, t.id)
		} else {
			err = s.Store.Star(q.ctx(), q.user.ID, t.kind, t.id, s.now())
		}
		if err != nil {
			return nil, err
		}
	}
	return s.newResponse(), nil
}

func (s *Server) unstar(_ http.ResponseWriter, q *request) (*response, error) {
	targets, err := s.starTargets(q)
	if err != nil {
		return nil, err
	}
	for _, t := range targets {
		if t.kind == musicify.StarSong {
			err = s.Social.Unlike(q.ctx(), q.user, t.id)
		} else {
			err = s.Store.Unstar(q.ctx(), q.user.ID, t.kind, t.id)
		}
		if err != nil {
			return nil, err
		}
	}
	return s.newResponse(), nil
}

func (s *Server) setRating(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	v, err := q.required("rating")
	if err != nil {
		return nil, err
	}
	rating, err := strconv.Atoi(v)
	if err != nil || rating < 0 || rating > 5 {
		return nil, &apiError{Code: errGeneric, Message: "The rating must be 0 (none) to 5, not " + v + "."}
	}
	t, err := s.targetOf(q, id, "")
	if err != nil {
		return nil, err
	}
	if err := s.Store.SetRating(q.ctx(), q.user.ID, t.kind, t.id, rating, s.now()); err != nil {
		return nil, err
	}
	return s.newResponse(), nil
}

// scrobble counts each submitted play exactly as the web player's listen
// does (it feeds the play counts and the recommendations); a scrobble with
// submission=false only says what is playing now.
func (s *Server) scrobble(_ http.ResponseWriter, q *request) (*response, error) {
	ids := q.all("id")
	if len(ids) == 0 {
		return nil, missing("id")
	}
	if len(ids) > maxScrobbles {
		return nil, musicify.Errorf(musicify.EINVALID, "A scrobble names at most %d songs.", maxScrobbles)
	}
	times := q.all("time") // when each was played (ms): apps that were offline send them late
	submission := q.bool("submission", true)
	seen := map[string]bool{}
	for i, id := range ids {
		var at time.Time
		if i < len(times) {
			if ms, err := strconv.ParseInt(times[i], 10, 64); err == nil && ms > 0 {
				at = time.UnixMilli(ms)
			}
		}
		// The same song and time twice in one call is one play; what else
		// counts is the listen rule's to say (catalog.Service.CountView).
		if key := id + "@" + at.String(); seen[key] {
			continue
		} else {
			seen[key] = true
		}
		song, err := s.song(q, id)
		if err != nil {
			return nil, err
		}
		if submission {
			if _, err := s.Catalog.CountView(q.ctx(), q.user, song.ID, at); err != nil {
				return nil, err
			}
		} else {
			s.playing.set(q.user, q.str("c"), song.ID, s.now())
		}
	}
	return s.newResponse(), nil
}

// maxScrobbles bounds the songs one scrobble names: an app sends what it
// played while offline in one call, never thousands.
const maxScrobbles = 500

// nowPlayingList is what each user plays in each app, in this instance's
// memory: with several instances, each knows the apps that told it.
type nowPlayingList struct {
	mu    sync.Mutex
	items map[string]playingNow // by user id and client
}

type playingNow struct {
	user   *musicify.User
	client string
	songID string
	at     time.Time
}

// nowPlayingFor is how long a "now playing" lasts without news.
const nowPlayingFor = 30 * time.Minute

func (l *nowPlayingList) set(u *musicify.User, client, songID string, at time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.items == nil {
		l.items = map[string]playingNow{}
	}
	for k, p := range l.items { // forget the stale, so the map stays small
		if at.Sub(p.at) > nowPlayingFor {
			delete(l.items, k)
		}
	}
	l.items[u.ID+"\x00"+client] = playingNow{user: u, client: client, songID: songID, at: at}
}

func (l *nowPlayingList) list(now time.Time) []playingNow {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []playingNow
	for _, p := range l.items {
		if now.Sub(p.at) <= nowPlayingFor {
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].at.After(out[j].at) })
	return out
}

func (s *Server) getNowPlaying(_ http.ResponseWriter, q *request) (*response, error) {
	now := s.now()
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	out := &nowPlaying{Entry: []nowPlayingEntry{}}
	for i, p := range s.playing.list(now) {
		song, err := s.Songs.Song(q.ctx(), p.songID)
		if err != nil || song.Missing {
			continue
		}
		out.Entry = append(out.Entry, nowPlayingEntry{child: songChild(song, a), Username: p.user.Username,
			MinutesAgo: int(now.Sub(p.at).Minutes()), PlayerID: i + 1, PlayerName: p.client})
	}
	res := s.newResponse()
	res.NowPlaying = out
	return res, nil
}
