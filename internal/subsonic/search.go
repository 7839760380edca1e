package subsonic

import (
	"net/http"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// found is what a search found, each group paged.
type found struct {
	artists []*musicify.Artist
	albums  []*musicify.Album
	songs   []*musicify.Song
	ann     *annotations
}

type searchPage struct{ count, offset int }

func (q *request) searchPage(name string) (searchPage, error) {
	count, err1 := q.count(name+"Count", 20, 500)
	offset, err2 := q.count(name+"Offset", 0, 1<<30)
	return searchPage{count, offset}, firstErr(err1, err2)
}

// find runs search2 and search3. Our search indexes songs by their name,
// artist, album and words: artists and albums are those of the songs that
// match, in the order of their best song, so typos are forgiven alike. An
// empty query lists everything, for apps that sync the whole library.
func (s *Server) find(q *request) (*found, error) {
	if _, ok := q.params["query"]; !ok {
		return nil, missing("query")
	}
	text := strings.Trim(q.str("query"), `"`)
	ar, err1 := q.searchPage("artist")
	al, err2 := q.searchPage("album")
	so, err3 := q.searchPage("song")
	if err := firstErr(err1, err2, err3); err != nil {
		return nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	out := &found{ann: a}
	if text == "" {
		return out, s.everything(q, out, ar, al, so)
	}
	// Enough songs to fill every group's page.
	limit := max(so.offset+so.count, 4*(al.offset+al.count), 4*(ar.offset+ar.count), 50)
	ids, err := s.Search.Find(q.ctx(), musicify.KindSong, text, min(limit, 2000))
	if err != nil {
		return nil, err
	}
	hits, err := s.Songs.SongsByIDs(q.ctx(), ids)
	if err != nil {
		return nil, err
	}
	var albumIDs, artistIDs []string
	seen := map[string]bool{}
	present := hits[:0:0]
	for _, h := range hits {
		if h.Missing {
			continue
		}
		present = append(present, h)
		if h.AlbumID != "" && !seen["al"+h.AlbumID] {
			seen["al"+h.AlbumID] = true
			albumIDs = append(albumIDs, h.AlbumID)
		}
		for _, a := range h.Performers() { // "A feat. B" finds B too
			if !seen["ar"+a.ID] {
				seen["ar"+a.ID] = true
				artistIDs = append(artistIDs, a.ID)
			}
		}
	}
	out.songs = page(present, so.offset, so.count)
	if out.albums, err = s.Albums.AlbumsByIDs(q.ctx(), page(albumIDs, al.offset, al.count)); err != nil {
		return nil, err
	}
	if out.artists, err = s.Albums.ArtistsByIDs(q.ctx(), page(artistIDs, ar.offset, ar.count)); err != nil {
		return nil, err
	}
	return out, nil
}

// everything pages through the whole catalog: artists and albums A–Z,
// songs newest first.
func (s *Server) everything(q *request, out *found, ar, al, so searchPage) error {
	if ar.count > 0 {
		list, err := s.Songs.Artists(q.ctx())
		if err != nil {
			return err
		}
		out.artists = page(list, ar.offset, ar.count)
	}
	if al.count > 0 {
		list, err := s.Albums.Albums(q.ctx(), musicify.AlbumQuery{Sort: musicify.AlbumsName, Offset: al.offset, Limit: al.count})
		if err != nil {
			return err
		}
		out.albums = list
	}
	if so.count > 0 {
		list, err := s.Albums.SongsPage(q.ctx(), so.offset, so.count)
		if err != nil {
			return err
		}
		out.songs = list
	}
	return nil
}

func (s *Server) search2(_ http.ResponseWriter, q *request) (*response, error) {
	f, err := s.find(q)
	if err != nil {
		return nil, err
	}
	out := &searchResult2{Album: albumDirs(f.albums, f.ann), Song: songChildren(f.songs, f.ann)}
	for _, ar := range f.artists {
		out.Artist = append(out.Artist, folderArtist(ar, f.ann))
	}
	res := s.newResponse()
	res.SearchResult2 = out
	return res, nil
}

func (s *Server) search3(_ http.ResponseWriter, q *request) (*response, error) {
	f, err := s.find(q)
	if err != nil {
		return nil, err
	}
	out := &searchResult3{Album: albumsOf(f.albums, f.ann), Song: songChildren(f.songs, f.ann)}
	for _, ar := range f.artists {
		out.Artist = append(out.Artist, artistOf(ar, f.ann))
	}
	res := s.newResponse()
	res.SearchResult3 = out
	return res, nil
}
