package social

import (
	"context"
	"fmt"
	"net/http"
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

func (s *API) resolveShare(ctx context.Context, kind, id string) (*shared, error) {
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
func (s *API) handleRecommendShare(w http.ResponseWriter, r *http.Request) error {
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
		platform.WriteJSON(w, http.StatusOK, []views.Song{views.SongOf(item.song, views.For(r, s.Media))})
		return nil
	}
	songs, err := s.Playlists.Songs(r.Context(), item.playlist)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, []views.PlaylistDetail{{Playlist: views.PlaylistOf(item.playlist, me), Songs: views.SongsOf(songs, views.For(r, s.Media))}})
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
func (s *API) handleSharePreview(w http.ResponseWriter, r *http.Request) error {
	item, err := s.resolveShare(r.Context(), r.PathValue("type"), r.PathValue("id"))
	if err != nil {
		return err
	}
	cover, _ := views.CoverURLs(item.CoverKey)
	platform.WriteJSON(w, http.StatusOK, previewView{Type: item.Type, ID: item.ID, Name: item.Name, By: item.By, Cover: cover, Songs: item.Songs})
	return nil
}

// ShareCard is what a link preview (Open Graph, Twitter card) of a shared
// item shows: a title, a sentence and the path of its cover; ok is false
// when there is no such item.
func (s *API) ShareCard(ctx context.Context, kind, id string) (title, description, image string, ok bool) {
	item, err := s.resolveShare(ctx, kind, id)
	if err != nil {
		return "", "", "", false
	}
	image, _ = views.CoverURLs(item.CoverKey)
	by := strings.ReplaceAll(item.By, "-", " ") // as the app shows names
	if item.Type == "song" {
		return item.Name + " · Musicify", fmt.Sprintf("A song by %s. Listen on Musicify.", by), image, true
	}
	return item.Name + " · Musicify", fmt.Sprintf("A playlist by %s with %d songs. Listen on Musicify.", by, item.Songs), image, true
}
