package discovery

import (
	"context"
	"errors"
	"net/http"
	"sync"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
)

// How many results of each group the search view shows.
const (
	searchSongs  = 20
	searchOthers = 8
)

// searchResults is GET /search: every group, each ranked.
type searchResults struct {
	Songs     []views.Song     `json:"songs"`
	Artists   []views.Artist   `json:"artists"`
	Playlists []views.Playlist `json:"playlists"`
	Users     []views.Person   `json:"users"`
}

// handleSearch runs the four searches side by side: the answer comes as
// soon as the slowest is done, not after all four in a row.
func (s *API) handleSearch(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query().Get("q")
	ctx, me := r.Context(), platform.UserOf(r)
	var out searchResults
	errs := make([]error, 4)
	var wg sync.WaitGroup
	wg.Go(func() { out.Songs, errs[0] = s.findSongs(ctx, views.For(r, s.Media), q, searchSongs) })
	wg.Go(func() { out.Artists, errs[1] = s.findArtists(ctx, q, searchOthers) })
	wg.Go(func() { out.Playlists, errs[2] = s.findPlaylists(ctx, me, q, searchOthers) })
	wg.Go(func() { out.Users, errs[3] = s.findPeople(ctx, me, q, searchOthers) })
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, out)
	return nil
}

// searchBody reads the POST /search/… bodies, whichever field they use.
type searchBody struct {
	Song   string `json:"song"`
	Artist string `json:"artist"`
	Name   string `json:"name"`
}

func (s *API) handleSearchSongs(w http.ResponseWriter, r *http.Request) error {
	var in searchBody
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	songs, err := s.findSongs(r.Context(), views.For(r, s.Media), in.Song, 50)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, songs)
	return nil
}

func (s *API) handleSearchArtists(w http.ResponseWriter, r *http.Request) error {
	var in searchBody
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	artists, err := s.findArtists(r.Context(), in.Artist, 50)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, artists)
	return nil
}

func (s *API) handleSearchPlaylistsAll(w http.ResponseWriter, r *http.Request) error {
	var in searchBody
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	lists, err := s.findPlaylists(r.Context(), platform.UserOf(r), in.Name, 50)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, lists)
	return nil
}

// handleSearchUsers is POST /search/follower {name}: other users matching it.
func (s *API) handleSearchUsers(w http.ResponseWriter, r *http.Request) error {
	var in searchBody
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	people, err := s.findPeople(r.Context(), platform.UserOf(r), in.Name, 50)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, people)
	return nil
}

func (s *API) findSongs(ctx context.Context, me *views.Viewer, q string, limit int) ([]views.Song, error) {
	ids, err := s.Search.Find(ctx, musicify.KindSong, q, limit)
	if err != nil {
		return nil, err
	}
	return views.SongsByID(ctx, s.Songs, ids, me)
}

// findArtists searches people and keeps those who uploaded songs, then
// adds the library's artists of the songs that match, in the order of
// their best song (as search3 does): they are nobody's account, and only
// their songs are indexed, so a server of imported files would otherwise
// find no artist at all. (An uploader is found by their name alone.)
func (s *API) findArtists(ctx context.Context, q string, limit int) ([]views.Artist, error) {
	ids, err := s.Search.Find(ctx, musicify.KindUser, q, limit*3)
	if err != nil {
		return nil, err
	}
	artists, err := s.Songs.ArtistsByUserIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	songIDs, err := s.Search.Find(ctx, musicify.KindSong, q, limit*4)
	if err != nil {
		return nil, err
	}
	songs, err := s.Songs.SongsByIDs(ctx, songIDs)
	if err != nil {
		return nil, err
	}
	var byArtist []string
	seen := map[string]bool{}
	for _, a := range artists {
		seen[a.ID] = true
	}
	for _, song := range songs {
		if song.Missing {
			continue
		}
		for _, a := range song.Performers() { // "A feat. B" finds B too
			if !seen[a.ID] {
				seen[a.ID] = true
				byArtist = append(byArtist, a.ID)
			}
		}
	}
	more, err := s.Albums.ArtistsByIDs(ctx, byArtist)
	if err != nil {
		return nil, err
	}
	out := []views.Artist{}
	for _, a := range artists {
		if len(out) < limit {
			out = append(out, views.ArtistOf(a))
		}
	}
	for _, a := range more {
		if a.UserID == "" && len(out) < limit {
			out = append(out, views.ArtistOf(a))
		}
	}
	return out, nil
}

func (s *API) findPlaylists(ctx context.Context, me *musicify.User, q string, limit int) ([]views.Playlist, error) {
	ids, err := s.Search.Find(ctx, musicify.KindPlaylist, q, limit)
	if err != nil {
		return nil, err
	}
	out := []views.Playlist{}
	for _, id := range ids {
		if p, err := s.Playlists.Store.Playlist(ctx, id); err == nil {
			out = append(out, views.PlaylistOf(p, me))
		}
	}
	return out, nil
}

// findPeople searches other users, saying whom the caller follows.
func (s *API) findPeople(ctx context.Context, me *musicify.User, q string, limit int) ([]views.Person, error) {
	ids, err := s.Search.Find(ctx, musicify.KindUser, q, limit+1)
	if err != nil {
		return nil, err
	}
	following, err := s.Social.Following(ctx, me)
	if err != nil {
		return nil, err
	}
	users, err := s.Users.UsersByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := []views.Person{}
	for _, u := range users {
		if u.ID != me.ID && len(out) < limit {
			out = append(out, views.Person{ID: u.ID, Username: u.Username, Following: following[u.ID]})
		}
	}
	return out, nil
}
