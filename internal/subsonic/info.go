package subsonic

import (
	"bytes"
	"encoding/xml"
	"io"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/musicify/musicify/internal/musicify"
)

// Biographies and album notes come from the library, as Kodi and Navidrome
// read them: a text file or a Kodi NFO beside the music. We fetch nothing
// from outside (no Last.fm).
var (
	artistNotes = []string{"artist.txt", "artist.nfo"}
	albumNotes  = []string{"album.txt", "album.nfo"}
)

// maxNotes bounds what is read of a notes file.
const maxNotes = 64 << 10

// nfo holds the fields of a Kodi NFO that carry prose: <biography> of an
// artist, <review> (or else <plot>) of an album.
type nfo struct {
	Biography string `xml:"biography"`
	Review    string `xml:"review"`
	Plot      string `xml:"plot"`
}

// maxNoteDirs bounds the folders looked in for one answer: an artist on
// many albums has its notes in its own folder, the first looked in.
const maxNoteDirs = 8

// notesIn reads the first of names found in any of dirs (library keys of
// folders); "" when none is there or none has text.
func (s *Server) notesIn(q *request, dirs, names []string) string {
	for _, dir := range page(dirs, 0, maxNoteDirs) {
		for _, name := range names {
			obj, err := s.Blobs.Open(q.ctx(), path.Join(dir, name))
			if err != nil {
				continue
			}
			b, err := io.ReadAll(io.LimitReader(obj.Body, maxNotes))
			obj.Body.Close()
			if err != nil {
				continue
			}
			text := string(b)
			if strings.HasSuffix(name, ".nfo") {
				var n nfo
				// An NFO may end with a bare URL after its XML: the decoder stops at the root's end.
				if xml.NewDecoder(bytes.NewReader(b)).Decode(&n) != nil {
					continue
				}
				text = firstNonEmpty(n.Biography, n.Review, n.Plot)
			}
			if text = strings.TrimSpace(text); text != "" {
				return text
			}
		}
	}
	return ""
}

func firstNonEmpty(list ...string) string {
	for _, v := range list {
		if strings.TrimSpace(v) != "" {
			return v
		}
	}
	return ""
}

// songDirs are the library folders (as blob keys) the songs' files are in,
// each once, in order; uploads have none.
func songDirs(list []*musicify.Song) []string {
	var out []string
	seen := map[string]bool{}
	for _, song := range list {
		if song.LibraryPath == "" {
			continue
		}
		dir := path.Dir(musicify.LibraryKeyPrefix + song.LibraryPath)
		if !seen[dir] {
			seen[dir] = true
			out = append(out, dir)
		}
	}
	return out
}

// parentDirs are the folders holding dirs: an artist's folder holds its
// albums' folders. A library folder's root is never left.
func parentDirs(dirs []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, d := range dirs {
		p := path.Dir(d)
		if strings.Count(p, "/") < 2 || seen[p] { // "lib/<folder id>" is the root
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	return out
}

// images are the public URLs of a cover at the sizes the web app stores
// (160, 320, 640 px), the same pictures getCoverArt sends.
func (s *Server) images(coverKey string) (small, medium, large string) {
	if coverKey == "" {
		return "", "", ""
	}
	at := func(px int) string {
		return s.absolute("/media/" + coverKey + "-" + strconv.Itoa(px) + ".jpg")
	}
	return at(160), at(320), at(640)
}

// artistFacts is what getArtistInfo and getArtistInfo2 share.
func (s *Server) artistFacts(q *request) (*musicify.Artist, artistInfo, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, artistInfo{}, err
	}
	ar, err := s.Albums.ArtistByID(q.ctx(), bareID(id, artistPrefix))
	if err != nil {
		return nil, artistInfo{}, err
	}
	list, err := s.artistSongs(q, ar)
	if err != nil {
		return nil, artistInfo{}, err
	}
	dirs := songDirs(list)
	info := artistInfo{MusicBrainzID: ar.MBID, Biography: s.notesIn(q, append(parentDirs(dirs), dirs...), artistNotes)}
	info.SmallImageURL, info.MediumImageURL, info.LargeImageURL = s.images(ar.CoverKey)
	if info.SimilarArtist, err = s.similarArtists(q, ar, list); err != nil {
		return nil, artistInfo{}, err
	}
	return ar, info, nil
}

// similarArtists are the artists of the songs like the artist's own (the
// songs getSimilarSongs2 gives), the most often met first: the library's
// own answer, where other servers ask Last.fm. `count` caps them (20).
func (s *Server) similarArtists(q *request, ar *musicify.Artist, seeds []*musicify.Song) ([]artistID3, error) {
	count, err := q.count("count", 20, 100)
	if err != nil || s.Like == nil || len(seeds) == 0 || count == 0 {
		return nil, err
	}
	like, err := s.Like.Songs(q.ctx(), seedIDs(seeds), 100)
	if err != nil {
		return nil, err
	}
	met := map[string]int{}
	var order []string
	for _, song := range like {
		for _, p := range song.Performers() {
			if p.ID == "" || p.ID == ar.ID {
				continue
			}
			if met[p.ID] == 0 {
				order = append(order, p.ID)
			}
			met[p.ID]++
		}
	}
	slices.SortStableFunc(order, func(a, b string) int { return met[b] - met[a] })
	// One read for them all; an uploader's name is no library artist and is left out.
	others, err := s.Albums.ArtistsByIDs(q.ctx(), order)
	if err != nil || len(others) == 0 {
		return nil, err
	}
	a, err := s.annotations(q)
	if err != nil {
		return nil, err
	}
	out := make([]artistID3, 0, min(count, len(others)))
	for _, other := range others[:min(count, len(others))] {
		out = append(out, artistOf(other, a))
	}
	return out, nil
}

// getArtistInfo2 has what the library knows: the MusicBrainz id, the
// cover, and a biography from an artist.txt or artist.nfo in the artist's
// folder (or an album's).
func (s *Server) getArtistInfo2(_ http.ResponseWriter, q *request) (*response, error) {
	_, info, err := s.artistFacts(q)
	if err != nil {
		return nil, err
	}
	res := s.newResponse()
	res.ArtistInfo2 = &info
	return res, nil
}

// getArtistInfo is getArtistInfo2 with similar artists in folder form.
func (s *Server) getArtistInfo(_ http.ResponseWriter, q *request) (*response, error) {
	_, info, err := s.artistFacts(q)
	if err != nil {
		return nil, err
	}
	out := &artistInfoFolder{Biography: info.Biography, MusicBrainzID: info.MusicBrainzID, SmallImageURL: info.SmallImageURL,
		MediumImageURL: info.MediumImageURL, LargeImageURL: info.LargeImageURL}
	for _, sim := range info.SimilarArtist {
		out.SimilarArtist = append(out.SimilarArtist, artist{ID: sim.ID, Name: sim.Name, Starred: sim.Starred, UserRating: sim.UserRating})
	}
	res := s.newResponse()
	res.ArtistInfo = out
	return res, nil
}

// getAlbumInfo2 has the MusicBrainz id, the cover and notes from an
// album.txt or album.nfo in the album's folder.
func (s *Server) getAlbumInfo2(_ http.ResponseWriter, q *request) (*response, error) {
	id, err := q.required("id")
	if err != nil {
		return nil, err
	}
	al, list, err := s.albumWithSongs(q, bareID(id, albumPrefix))
	if err != nil {
		return nil, err
	}
	info := &albumInfo{MusicBrainzID: al.MBID, Notes: s.notesIn(q, songDirs(list), albumNotes)}
	info.SmallImageURL, info.MediumImageURL, info.LargeImageURL = s.images(al.CoverKey)
	res := s.newResponse()
	res.AlbumInfo = info
	return res, nil
}

// getAlbumInfo takes a song's id as well as an album's: its album's facts.
func (s *Server) getAlbumInfo(w http.ResponseWriter, q *request) (*response, error) {
	id := q.str("id")
	if id != "" && !strings.HasPrefix(id, albumPrefix) {
		if song, err := s.Songs.Song(q.ctx(), id); err == nil && song.AlbumID != "" {
			q.params.Set("id", albumPrefix+song.AlbumID)
		}
	}
	return s.getAlbumInfo2(w, q)
}

// getSimilarSongs lists the same songs as getSimilarSongs2.
func (s *Server) getSimilarSongs(w http.ResponseWriter, q *request) (*response, error) {
	res, err := s.getSimilarSongs2(w, q)
	if res != nil {
		res.SimilarSongs, res.SimilarSongs2 = res.SimilarSongs2, nil
	}
	return res, err
}
