package social

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/musicify/musicify/internal/catalog"
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
	// Mosaic is the small covers of a playlist without a cover of its own.
	Mosaic []string `json:"mosaic"`
	Songs  int      `json:"songs"`
	// Previews says whether visitors may hear the first seconds of each
	// track (PreviewSeconds) at its preview URL.
	Previews       bool        `json:"previews"`
	PreviewSeconds int         `json:"previewSeconds"`
	Tracks         []trackView `json:"tracks"`
	// Mine is true when the caller owns the item and may change Previews.
	Mine bool `json:"mine"`
}

// trackView is one song of a shared item as a visitor sees it.
type trackView struct {
	ID       string  `json:"_id"`
	Name     string  `json:"name"`
	Artist   string  `json:"artist"`
	Duration float64 `json:"duration"` // seconds
	Cover    string  `json:"coverSmall"`
	// Preview is where its preview plays; "" when previews are off.
	Preview string `json:"preview"`
}

// handleSharePreview is public: the /share page shows it to visitors who
// are not signed in, with the track list, previews and buttons to sign up
// or log in.
func (s *API) handleSharePreview(w http.ResponseWriter, r *http.Request) error {
	item, err := s.resolveShare(r.Context(), r.PathValue("type"), r.PathValue("id"))
	if err != nil {
		return err
	}
	on, err := s.Shares.SharePreviews(r.Context(), item.Type, item.ID)
	if err != nil {
		return err
	}
	songs, err := s.sharedSongs(r.Context(), item)
	if err != nil {
		return err
	}
	cover, _ := views.CoverURLs(item.CoverKey)
	out := previewView{Type: item.Type, ID: item.ID, Name: item.Name, By: item.By, Cover: cover, Mosaic: []string{},
		Songs: item.Songs, Previews: on, PreviewSeconds: catalog.PreviewSeconds, Tracks: make([]trackView, 0, len(songs))}
	if item.CoverKey == "" && item.playlist != nil {
		for _, key := range item.playlist.Mosaic {
			_, tile := views.CoverURLs(key)
			out.Mosaic = append(out.Mosaic, tile)
		}
	}
	if me := s.P.OptionalUser(r); me != nil {
		out.Mine = me.ID == item.ownerID()
	}
	for _, song := range songs {
		_, small := views.CoverURLs(song.CoverKey)
		t := trackView{ID: song.ID, Name: song.Name, Artist: song.Artist, Duration: song.Duration, Cover: small}
		if on {
			t.Preview = "/api/share/" + item.Type + "/" + item.ID + "/preview/" + song.ID
		}
		out.Tracks = append(out.Tracks, t)
	}
	platform.WriteJSON(w, http.StatusOK, out)
	return nil
}

// ownerID is who may change what visitors of the item may do: a song's
// uploader, a playlist's owner.
func (item *shared) ownerID() string {
	if item.song != nil {
		return item.song.UserID
	}
	return item.playlist.UserID
}

// sharedSongs are the songs a link to item reaches: the song itself, or
// the playlist's songs in order.
func (s *API) sharedSongs(ctx context.Context, item *shared) ([]*musicify.Song, error) {
	if item.song != nil {
		return []*musicify.Song{item.song}, nil
	}
	return s.Playlists.Songs(ctx, item.playlist)
}

// ShareCard is what a link preview (Open Graph, Twitter card) of a shared
// item shows: a title, a sentence and the path of its picture, a JPEG
// (ShareCoverPath); ok is false when there is no such item.
func (s *API) ShareCard(ctx context.Context, kind, id string) (title, description, image string, ok bool) {
	item, err := s.resolveShare(ctx, kind, id)
	if err != nil {
		return "", "", "", false
	}
	image = ShareCoverPath(item.Type, item.ID)
	by := strings.ReplaceAll(item.By, "-", " ") // as the app shows names
	if item.Type == "song" {
		return item.Name + " · Musicify", fmt.Sprintf("A song by %s. Listen on Musicify.", by), image, true
	}
	return item.Name + " · Musicify", fmt.Sprintf("A playlist by %s with %d songs. Listen on Musicify.", by, item.Songs), image, true
}
