package playlists

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path"
	"strings"

	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/playlistfile"
	"github.com/musicify/musicify/internal/playlists"
	"github.com/musicify/musicify/internal/search"
)

// maxPlaylistFileBytes bounds an imported playlist file: 10,000 entries
// with long paths take about 2 MB.
const maxPlaylistFileBytes = 5 << 20

// maxImportEntries bounds the entries of one import: each that no path
// names costs a search or two.
const maxImportEntries = 10_000

// Files imports playlist files (M3U, M3U8, PLS, XSPF) and exports
// playlists as M3U8 and XSPF.
type Files struct {
	P         *platform.Platform
	Playlists *playlists.Service
	Songs     musicify.SongStore
	Search    *search.Service
}

// Routes registers the import and the exports.
func (s *Files) Routes(mux *platform.Mux) {
	mux.User("POST /api/playlist/import", s.handleImport)
	mux.User("GET /api/playlist/{ref}/export/{format}", s.handleExport)
}

// unmatchedEntry is an entry of an imported file that found no song.
type unmatchedEntry struct {
	Index    int     `json:"index"`
	Line     int     `json:"line,omitempty"`
	Location string  `json:"location,omitempty"`
	Title    string  `json:"title,omitempty"`
	Artist   string  `json:"artist,omitempty"`
	Duration float64 `json:"duration,omitempty"`
}

type importAnswer struct {
	Message   string           `json:"message"`
	Playlist  views.Playlist   `json:"playlist"`
	Entries   int              `json:"entries"` // in the file
	Found     int              `json:"found"`   // of them matched to a song
	Repeated  int              `json:"repeated"`
	Unmatched []unmatchedEntry `json:"unmatched"`
}

// handleImport takes multipart file (the playlist file) and name, and
// makes the caller a playlist of the songs the file's entries name.
func (s *Files) handleImport(w http.ResponseWriter, r *http.Request) error {
	f, err := s.P.ReadForm(w, r, []string{"name"}, map[string]platform.FileLimit{
		"file": {Max: maxPlaylistFileBytes, TooLarge: musicify.Errorf(musicify.ETOOLARGE,
			"This playlist file is larger than %d MB.", maxPlaylistFileBytes>>20).In("file")},
	})
	if err != nil {
		return err
	}
	defer f.Remove()
	file := f.File("file")
	if file == nil {
		return musicify.Errorf(musicify.EINVALID, "Please choose a playlist file (.m3u, .m3u8, .pls or .xspf).").In("file")
	}
	data, err := os.ReadFile(file.Path)
	if err != nil {
		return fmt.Errorf("reading the spooled playlist file: %w", err)
	}
	entries, _, err := playlistfile.Parse(data)
	if errors.Is(err, playlistfile.ErrNotPlaylist) {
		return musicify.Errorf(musicify.EINVALID, "This file is not a playlist: choose an M3U, M3U8, PLS or XSPF file.").In("file")
	} else if err != nil {
		return err
	}
	if len(entries) == 0 {
		return musicify.Errorf(musicify.EINVALID, "This playlist file lists no songs.").In("file")
	}
	if len(entries) > maxImportEntries {
		return musicify.Errorf(musicify.EINVALID, "This playlist file lists %d songs; at most %d can be imported at once.",
			len(entries), maxImportEntries).In("file")
	}
	name := strings.TrimSpace(f.Fields["name"])
	if name == "" {
		name = "Imported playlist"
	}
	if name, err = playlists.ValidateName(name); err != nil {
		return err
	}
	ctx := r.Context()
	all, err := s.Songs.Songs(ctx)
	if err != nil {
		return err
	}
	m := &playlistfile.Matcher{Library: playlistfile.LibrarySongs(all), Search: s.Search, Songs: s.Songs}
	results, err := m.Match(ctx, entries, playlistfile.Base{})
	if err != nil {
		return err
	}
	answer := importAnswer{Entries: len(entries), Unmatched: []unmatchedEntry{}}
	var ids []string
	inList := map[string]bool{}
	for _, res := range results {
		e := res.Entry
		switch {
		case res.SongID == "":
			answer.Unmatched = append(answer.Unmatched, unmatchedEntry{Index: e.Index, Line: e.Line, Location: e.Location,
				Title: e.Title, Artist: e.Artist, Duration: e.Duration})
		case inList[res.SongID]:
			answer.Found++
			answer.Repeated++ // a playlist holds a song once
		default:
			answer.Found++
			inList[res.SongID] = true
			ids = append(ids, res.SongID)
		}
	}
	if len(ids) == 0 {
		return musicify.Errorf(musicify.EINVALID, "None of the %d songs in this playlist file is in the library, so no playlist was made.", len(entries)).In("file")
	}
	user := platform.UserOf(r)
	p, err := s.createNamed(r, user, name)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if p, err = s.Playlists.Add(ctx, user, p.ID, id); err != nil {
			return err
		}
	}
	answer.Message = fmt.Sprintf("%d of %d songs found.", answer.Found, answer.Entries)
	answer.Playlist = views.PlaylistOf(p, user)
	platform.WriteJSON(w, http.StatusOK, answer)
	return nil
}

// createNamed makes the playlist, numbering the name past the user's
// playlists of that name ("Road trip (2)"): importing the same file twice
// is no mistake to refuse.
func (s *Files) createNamed(r *http.Request, user *musicify.User, name string) (*musicify.Playlist, error) {
	for n := 1; ; n++ {
		try := name
		if n > 1 {
			suffix := fmt.Sprintf(" (%d)", n)
			try = truncate(name, musicify.PlaylistNameMax-len(suffix)) + suffix
		}
		p, err := s.Playlists.Create(r.Context(), user, try, "")
		if musicify.ErrorCode(err) == musicify.ECONFLICT && n < 100 {
			continue
		}
		return p, err
	}
}

func truncate(s string, runes int) string {
	if r := []rune(s); len(r) > runes {
		return string(r[:runes])
	}
	return s
}

// handleExport sends a playlist as an M3U8 or XSPF file. A library song is
// listed by its path in its library folder, so the file works beside a
// copy of the library (and imports back here by path); an upload, which
// has no path, by the address of its download on this server, which
// needs the listener signed in and imports back here by that address.
func (s *Files) handleExport(w http.ResponseWriter, r *http.Request) error {
	format := r.PathValue("format")
	if format != "m3u8" && format != "xspf" {
		return musicify.Errorf(musicify.ENOTFOUND, "Playlists export as m3u8 or xspf.")
	}
	ctx := r.Context()
	p, err := s.Playlists.Find(ctx, platform.UserOf(r), r.PathValue("ref"))
	if err != nil {
		return err
	}
	songs, err := s.Playlists.Songs(ctx, p)
	if err != nil {
		return err
	}
	tracks := make([]playlistfile.Track, len(songs))
	for i, song := range songs {
		loc := s.P.BaseURL.JoinPath("media", "songs", song.ID, "download").String()
		if lib := playlistfile.LibrarySongs([]*musicify.Song{song}); len(lib) == 1 {
			loc = playlistfile.LocationFor(lib[0], playlistfile.Base{}) // a download lies in no library folder
		}
		tracks[i] = playlistfile.Track{Location: loc, Title: song.Name, Artist: song.Artist, Album: song.Album, Duration: song.Duration}
	}
	var b bytes.Buffer
	contentType := "audio/x-mpegurl"
	if format == "xspf" {
		contentType = "application/xspf+xml"
		err = playlistfile.WriteXSPF(&b, p.Name, tracks)
	} else {
		err = playlistfile.WriteM3U8(&b, p.Name, tracks)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", contentType+"; charset=utf-8")
	w.Header().Set("Content-Disposition", delivery.Attachment(fileName(p.Name)+"."+format))
	w.Header().Set("Cache-Control", "private, no-store")
	_, err = w.Write(b.Bytes())
	return err
}

// fileName keeps a playlist's name usable as a file's.
func fileName(name string) string {
	name = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`<>:"/\|?*`, r) || r < 0x20 {
			return '_'
		}
		return r
	}, strings.TrimSpace(name))
	if name = strings.Trim(name, ". "); name == "" || path.Clean(name) != name {
		return "playlist"
	}
	return name
}
