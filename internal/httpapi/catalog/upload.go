package catalog

import (
	"net/http"
	"strings"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/musicify"
)

// handleUpload takes a song: name, audio, optional cover and lyrics.
func (s *API) handleUpload(w http.ResponseWriter, r *http.Request) error {
	f, err := s.P.ReadForm(w, r, []string{"song", "text"}, map[string]platform.FileLimit{
		"audio": {Max: s.MaxUploadMB << 20, TooLarge: musicify.Errorf(musicify.ETOOLARGE, "The upload is larger than the %d MB limit.", s.MaxUploadMB).In("audio")},
		"cover": {Max: platform.MaxCoverBytes, TooLarge: musicify.Errorf(musicify.ETOOLARGE, "The cover is larger than %d MB.", platform.MaxCoverBytes>>20).In("cover")},
	})
	if err != nil {
		return err
	}
	defer f.Remove()
	audio := f.File("audio")
	switch {
	case strings.TrimSpace(f.Fields["song"]) == "":
		err = musicify.Errorf(musicify.EINVALID, "Please give the song a name (song).").In("song")
	case audio == nil:
		err = musicify.Errorf(musicify.EINVALID, "Please choose an audio file (audio).").In("audio")
	}
	if err != nil {
		return err
	}
	up := musicify.SongUpload{User: platform.UserOf(r), Name: f.Fields["song"], Text: f.Fields["text"],
		AudioPath: audio.Path, SHA256: audio.SHA256, Size: audio.Size}
	if cover := f.File("cover"); cover != nil {
		up.CoverPath = cover.Path
	}
	song, err := s.Catalog.Upload(r.Context(), up)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Message string     `json:"message"`
		Song    views.Song `json:"song"`
	}{"success", views.SongOf(song, views.For(r, s.Media))})
	return nil
}

// handleArtistCover sets the caller's artist cover (multipart: cover).
func (s *API) handleArtistCover(w http.ResponseWriter, r *http.Request) error {
	f, cover, err := s.P.ReadCoverForm(w, r)
	if err != nil {
		return err
	}
	defer f.Remove()
	a, err := s.Catalog.SetArtistCover(r.Context(), platform.UserOf(r), cover.Path)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Message string       `json:"message"`
		Artist  views.Artist `json:"artist"`
	}{"success", views.ArtistOf(a)})
	return nil
}

// handleRemoveArtistCover takes the caller's picture away.
func (s *API) handleRemoveArtistCover(w http.ResponseWriter, r *http.Request) error {
	if err := s.Catalog.RemoveArtistCover(r.Context(), platform.UserOf(r)); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}
