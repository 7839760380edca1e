package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"net/url"
	"strings"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"

	"github.com/musicify/musicify/internal/musicify"
)

// shared is what a share link points at, resolved for any reader.
type shared struct {
	Type     string // song or playlist
	ID       string
	Name     string
	By       string // artist or owner
	CoverKey string
	Songs    int
	song     *musicify.Song
	playlist *musicify.Playlist
}

func (s *Server) resolveShare(ctx context.Context, kind, id string) (*shared, error) {
	switch kind {
	case "song":
		song, err := s.Songs.Song(ctx, id)
		if err != nil {
			return nil, err
		}
		return &shared{Type: kind, ID: song.ID, Name: song.Name, By: song.Artist, CoverKey: song.CoverKey, Songs: 1, song: song}, nil
	case "playlist":
		p, err := s.Playlists.Store.Playlist(ctx, id)
		if err != nil {
			return nil, err
		}
		return &shared{Type: kind, ID: p.ID, Name: p.Name, By: p.Owner, CoverKey: p.CoverKey, Songs: p.Songs, playlist: p}, nil
	}
	return nil, musicify.Errorf(musicify.EINVALID, "A share link is for a song or a playlist.")
}

// handleRecommendShare is POST /recommend/share {value, id}: an
// array whose first item is the song or the playlist (with its songs).
func (s *Server) handleRecommendShare(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Value string `json:"value"`
		ID    string `json:"id"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	item, err := s.resolveShare(r.Context(), in.Value, in.ID)
	if err != nil {
		return err
	}
	me := platform.UserOf(r)
	if item.song != nil {
		platform.WriteJSON(w, http.StatusOK, []views.Song{views.SongOf(item.song, s.viewerOf(r))})
		return nil
	}
	songs, err := s.Playlists.Songs(r.Context(), item.playlist)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, []views.PlaylistDetail{{Playlist: views.PlaylistOf(item.playlist, me), Songs: views.SongsOf(songs, s.viewerOf(r))}})
	return nil
}

// previewView is what anyone, signed in or not, may see of a shared item.
type previewView struct {
	Type  string `json:"type"`
	ID    string `json:"_id"`
	Name  string `json:"name"`
	By    string `json:"by"`
	Cover string `json:"cover"`
	Songs int    `json:"songs"`
}

// handleSharePreview is public: the /share page shows it to visitors who
// are not signed in, with buttons to sign up or log in.
func (s *Server) handleSharePreview(w http.ResponseWriter, r *http.Request) error {
	item, err := s.resolveShare(r.Context(), r.PathValue("type"), r.PathValue("id"))
	if err != nil {
		return err
	}
	cover, _ := views.CoverURLs(item.CoverKey)
	platform.WriteJSON(w, http.StatusOK, previewView{Type: item.Type, ID: item.ID, Name: item.Name, By: item.By, Cover: cover, Songs: item.Songs})
	return nil
}

// serveSharePage is the app's index.html with Open Graph and Twitter card
// tags for the shared item, so links unfurl in chat apps.
func (s *Server) serveSharePage(w http.ResponseWriter, r *http.Request) {
	index, err := fs.ReadFile(s.Web, "index.html")
	if err != nil {
		s.serveIndex(w, r)
		return
	}
	q := r.URL.Query()
	title, desc := "Musicify", "Listen on Musicify."
	image := s.BaseURL.String() + "/favicon.svg"
	status := http.StatusOK
	if item, err := s.resolveShare(r.Context(), q.Get("type"), q.Get("id")); err == nil {
		cover, _ := views.CoverURLs(item.CoverKey)
		image = s.BaseURL.String() + cover
		title = item.Name + " · Musicify"
		by := strings.ReplaceAll(item.By, "-", " ") // as the app shows names
		if item.Type == "song" {
			desc = fmt.Sprintf("A song by %s. Listen on Musicify.", by)
		} else {
			desc = fmt.Sprintf("A playlist by %s with %d songs. Listen on Musicify.", by, item.Songs)
		}
	} else {
		status = http.StatusNotFound // the app shows a friendly page
	}
	link := s.BaseURL.String() + "/share?" + url.Values{"id": {q.Get("id")}, "type": {q.Get("type")}}.Encode()
	var meta bytes.Buffer
	for _, m := range [][3]string{
		{"property", "og:type", "music.song"},
		{"property", "og:site_name", "Musicify"},
		{"property", "og:title", title},
		{"property", "og:description", desc},
		{"property", "og:image", image},
		{"property", "og:url", link},
		{"name", "twitter:card", "summary_large_image"},
		{"name", "twitter:title", title},
		{"name", "twitter:description", desc},
		{"name", "twitter:image", image},
	} {
		fmt.Fprintf(&meta, "<meta %s=\"%s\" content=\"%s\">\n", m[0], m[1], html.EscapeString(m[2]))
	}
	at := bytes.Index(index, []byte("</head>"))
	if at < 0 {
		at = 0
	}
	page := append(append(append([]byte{}, index[:at]...), meta.Bytes()...), index[at:]...)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	_, _ = w.Write(page)
}
