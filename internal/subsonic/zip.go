package subsonic

import (
	"archive/zip"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
)

// zipEntry is one song of a ZIP, with the folders it goes in.
type zipEntry struct {
	artist, album string
	song          *musicify.Song
}

// downloadZip sends an album, an artist's albums or a playlist as a ZIP
// made while it is sent: the original files, stored as they are (audio
// does not compress), so nothing waits on a temporary file and the first
// bytes leave at once. Its length is unknown until the end.
func (s *Server) downloadZip(w http.ResponseWriter, q *request, name string, entries []zipEntry) {
	h := w.Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Content-Disposition", delivery.Attachment(safeName(name)+".zip"))
	h.Set("Cache-Control", "no-store")
	if q.r.Method == http.MethodHead {
		return
	}
	zw := zip.NewWriter(w)
	used := map[string]bool{}
	for _, e := range entries {
		entry := zipName(e, used)
		if err := s.addToZip(q, zw, entry, e.song); err != nil {
			if q.ctx().Err() == nil {
				// The status went out with the first bytes: all we can do is log.
				s.Logger.Error("writing a ZIP download", "song", e.song.ID, "err", err)
			}
			return // an unfinished ZIP: the client sees it is broken, as it is
		}
	}
	if err := zw.Close(); err != nil && q.ctx().Err() == nil {
		s.Logger.Error("finishing a ZIP download", "err", err)
	}
}

func (s *Server) addToZip(q *request, zw *zip.Writer, name string, song *musicify.Song) error {
	obj, err := s.Blobs.Open(q.ctx(), song.AudioKey)
	if err != nil {
		return fmt.Errorf("opening %s: %w", song.AudioKey, err)
	}
	defer obj.Body.Close()
	hdr := &zip.FileHeader{Name: name, Method: zip.Store, Modified: obj.ModTime}
	if obj.ModTime.IsZero() {
		hdr.Modified = song.Created
	}
	f, err := zw.CreateHeader(hdr)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, obj.Body)
	return err
}

// zipName is "Artist/Album/01 - Title.ext", each part safe on every
// system; a name already used gets " (2)", " (3)"… before its extension.
func zipName(e zipEntry, used map[string]bool) string {
	title := safeName(e.song.Name)
	if e.song.Track > 0 {
		title = fmt.Sprintf("%02d - %s", e.song.Track, title)
	}
	if e.song.Disc > 1 {
		title = fmt.Sprintf("%d-%s", e.song.Disc, title)
	}
	dir := safeName(e.artist) + "/" + safeName(e.album) + "/"
	ext := "." + media.Ext(e.song.Format)
	name := dir + title + ext
	for n := 2; used[strings.ToLower(name)]; n++ {
		name = fmt.Sprintf("%s%s (%d)%s", dir, title, n, ext)
	}
	used[strings.ToLower(name)] = true
	return name
}

// safeName makes a tag a file or folder name every system accepts: no
// separators, no characters Windows refuses, no control characters, no
// leading or trailing dots and spaces ("." and ".." are not names), and
// at most 100 characters.
func safeName(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || strings.ContainsRune(`/\:*?"<>|`, r) {
			return '_'
		}
		return r
	}, s)
	s = strings.Trim(s, " .")
	if utf8.RuneCountInString(s) > 100 {
		s = strings.TrimRight(string([]rune(s)[:100]), " .")
	}
	if s == "" {
		return "Unknown"
	}
	return s
}

// zipOf finds what a download id names when it is not a song: an album
// (al-), an artist (ar-) or a playlist. ok is false for a song's id.
func (s *Server) zipOf(q *request, id string) (name string, entries []zipEntry, ok bool, err error) {
	add := func(artist, album string, list []*musicify.Song) {
		for _, song := range list {
			if song.Missing {
				continue
			}
			a, al := artist, album
			if a == "" {
				a = song.Artist
			}
			if al == "" {
				al = firstNonEmpty(song.Album, song.Name) // a single's album is named after it
			}
			entries = append(entries, zipEntry{artist: a, album: al, song: song})
		}
	}
	switch {
	case strings.HasPrefix(id, albumPrefix):
		al, list, err := s.albumWithSongs(q, bareID(id, albumPrefix))
		if err != nil {
			return "", nil, true, err
		}
		add(al.Artist, al.Name, list)
		return al.Artist + " - " + al.Name, entries, true, nil
	case strings.HasPrefix(id, artistPrefix):
		ar, err := s.Albums.ArtistByID(q.ctx(), bareID(id, artistPrefix))
		if err != nil {
			return "", nil, true, err
		}
		albums, err := s.artistAlbums(q, ar.ID)
		if err != nil {
			return "", nil, true, err
		}
		for _, al := range albums {
			list, err := s.Albums.AlbumSongs(q.ctx(), al.ID)
			if err != nil {
				return "", nil, true, err
			}
			add(ar.Name, al.Name, list)
		}
		return ar.Name, entries, true, nil
	}
	p, err := s.Playlists.Store.Playlist(q.ctx(), bareID(id, playlistPrefix))
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		return "", nil, false, nil
	} else if err != nil {
		return "", nil, true, err
	}
	list, err := s.Playlists.Songs(q.ctx(), p)
	if err != nil {
		return "", nil, true, err
	}
	add("", "", list)
	return p.Name, entries, true, nil
}
