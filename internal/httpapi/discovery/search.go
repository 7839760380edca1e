package discovery

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
)

// How many results of each group the search view shows, and how many
// songs it reads to find the albums and library artists of the songs
// that match (they have no index of their own).
const (
	searchSongs  = 20
	searchOthers = 8
	searchPool   = 4 * searchOthers
)

// searchResults is GET /search: every group, each ranked, and the one
// result that best answers the words.
type searchResults struct {
	Top       *topResult       `json:"top"`
	Songs     []views.Song     `json:"songs"`
	Artists   []views.Artist   `json:"artists"`
	Albums    []views.Album    `json:"albums"`
	Playlists []views.Playlist `json:"playlists"`
	Users     []views.Person   `json:"users"`
}

// handleSearch runs the searches side by side: the answer comes as soon
// as the slowest is done, not after all of them in a row. The albums and
// the library's artists come from the songs found, read once.
func (s *API) handleSearch(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query().Get("q")
	ctx, me := r.Context(), platform.UserOf(r)
	var (
		out       searchResults
		songs     []*musicify.Song
		uploaders []*musicify.Artist
	)
	errs := make([]error, 4)
	var wg sync.WaitGroup
	wg.Go(func() { songs, errs[0] = s.songsFound(ctx, q, max(searchSongs, searchPool)) })
	wg.Go(func() { uploaders, errs[1] = s.uploadersFound(ctx, q, searchOthers) })
	wg.Go(func() { out.Playlists, errs[2] = s.findPlaylists(ctx, me, q, searchOthers) })
	wg.Go(func() { out.Users, errs[3] = s.findPeople(ctx, me, q, searchOthers) })
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	out.Songs = views.SongsOf(songs[:min(len(songs), searchSongs)], views.For(r, s.Media))
	var err error
	if out.Artists, err = s.artistsOf(ctx, uploaders, songs, searchOthers); err != nil {
		return err
	}
	if out.Albums, err = s.albumsOf(ctx, songs, searchOthers); err != nil {
		return err
	}
	out.Top = topOf(q, &out)
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
// adds the library's artists of the songs that match (see artistsOf).
func (s *API) findArtists(ctx context.Context, q string, limit int) ([]views.Artist, error) {
	uploaders, err := s.uploadersFound(ctx, q, limit)
	if err != nil {
		return nil, err
	}
	songs, err := s.songsFound(ctx, q, limit*4)
	if err != nil {
		return nil, err
	}
	return s.artistsOf(ctx, uploaders, songs, limit)
}

// songsFound are the songs that match q, best first, without those whose
// file went missing.
func (s *API) songsFound(ctx context.Context, q string, limit int) ([]*musicify.Song, error) {
	ids, err := s.Search.Find(ctx, musicify.KindSong, q, limit)
	if err != nil {
		return nil, err
	}
	songs, err := s.Songs.SongsByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(songs, func(song *musicify.Song) bool { return song.Missing }), nil
}

// uploadersFound are the people matching q who uploaded songs: an
// uploader is found by their name alone.
func (s *API) uploadersFound(ctx context.Context, q string, limit int) ([]*musicify.Artist, error) {
	ids, err := s.Search.Find(ctx, musicify.KindUser, q, limit*3)
	if err != nil {
		return nil, err
	}
	return s.Songs.ArtistsByUserIDs(ctx, ids)
}

// artistsOf lists the uploaders found, then the library's artists of the
// songs found, in the order of their best song (as search3 does): they are
// nobody's account, and only their songs are indexed, so a server of
// imported files would otherwise find no artist at all.
func (s *API) artistsOf(ctx context.Context, uploaders []*musicify.Artist, songs []*musicify.Song, limit int) ([]views.Artist, error) {
	var byArtist []string
	seen := map[string]bool{}
	for _, a := range uploaders {
		seen[a.ID] = true
	}
	for _, song := range songs {
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
	for _, a := range uploaders {
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

// albumsOf lists the albums of the songs found, in the order of their best
// song: albums are not indexed apart, but a song holds its album's name.
func (s *API) albumsOf(ctx context.Context, songs []*musicify.Song, limit int) ([]views.Album, error) {
	var ids []string
	seen := map[string]bool{}
	for _, song := range songs {
		if song.AlbumID != "" && !seen[song.AlbumID] && len(ids) < limit {
			seen[song.AlbumID] = true
			ids = append(ids, song.AlbumID)
		}
	}
	albums, err := s.Albums.AlbumsByIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	return views.AlbumsOf(albums), nil
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
	users = slices.DeleteFunc(users, func(u *musicify.User) bool { return u.ID == me.ID })
	users = users[:min(len(users), limit)]
	ids = ids[:0]
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	artists, err := s.Songs.ArtistsByUserIDs(ctx, ids)
	if err != nil {
		return nil, err
	}
	return views.PeopleOf(users, following, artists), nil
}
