package discovery

import (
	"context"
	"net/http"
	"slices"

	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/mixes"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/recommend"
)

// mixView is a mix as the app lists it: its name, what it is, how many
// songs it holds and the small covers of its first ones.
type mixView struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Period      string   `json:"period,omitempty"`
	Count       int      `json:"count"`
	Mosaic      []string `json:"mosaic"`
}

// mixSongView is a song of a mix, with why it is there when the mix says.
type mixSongView struct {
	views.Song
	Reason *reasonView `json:"reason,omitempty"`
}

func (s *API) mixService() (*mixes.Service, error) {
	if s.Mixes == nil {
		return nil, musicify.Errorf(musicify.EUNAVAILABLE, "Mixes are not available on this server.")
	}
	return s.Mixes, nil
}

// handleMixes is GET /api/mixes: every mix made for the caller, empty ones
// included, in the order they are shown.
func (s *API) handleMixes(w http.ResponseWriter, r *http.Request) error {
	svc, err := s.mixService()
	if err != nil {
		return err
	}
	user := platform.UserOf(r)
	var all []*musicify.Mix
	for _, kind := range mixes.Kinds {
		m, err := svc.Mix(r.Context(), user, kind)
		if err != nil {
			return err
		}
		all = append(all, m)
	}
	daily, err := svc.Daily(r.Context(), user)
	if err != nil {
		return err
	}
	all = append(all, daily...)
	var ids []string
	for _, m := range all {
		ids = append(ids, m.Songs...)
	}
	songs, err := s.Songs.SongsByIDs(r.Context(), ids) // every mix's songs in one query
	if err != nil {
		return err
	}
	byID := make(map[string]*musicify.Song, len(songs))
	for _, song := range songs {
		byID[song.ID] = song
	}
	out := make([]mixView, 0, len(all))
	for _, m := range all {
		out = append(out, mixViewOf(m, byID))
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Mixes []mixView `json:"mixes"`
	}{out})
	return nil
}

// mixViewOf names a mix and draws its mosaic from the covers of its first
// songs (up to four distinct); byID holds its songs still there (and may
// hold others), which are all it counts.
func mixViewOf(m *musicify.Mix, byID map[string]*musicify.Song) mixView {
	title := mixes.TitleOf(m, byID)
	v := mixView{ID: m.Kind, Name: title.Name, Description: title.Description, Period: m.Period, Mosaic: []string{}}
	for _, id := range m.Songs {
		song := byID[id]
		if song == nil {
			continue
		}
		v.Count++
		if song.CoverKey == "" {
			continue
		}
		if _, small := views.CoverURLs(song.CoverKey); !slices.Contains(v.Mosaic, small) && len(v.Mosaic) < 4 {
			v.Mosaic = append(v.Mosaic, small)
		}
	}
	return v
}

// handleMix is GET /api/mixes/{id}: one mix with its songs in order, and
// for Discover Weekly why each is there.
func (s *API) handleMix(w http.ResponseWriter, r *http.Request) error {
	m, songs, err := s.mixSongs(r.Context(), platform.UserOf(r), r.PathValue("id"), views.For(r, s.Media))
	if err != nil {
		return err
	}
	found := make(map[string]*musicify.Song, len(songs))
	out := make([]mixSongView, len(songs))
	for i, v := range songs {
		found[v.ID], out[i] = v.song, v.mixSongView
	}
	view := mixViewOf(m, found)
	platform.WriteJSON(w, http.StatusOK, struct {
		Mix   mixView       `json:"mix"`
		Songs []mixSongView `json:"songs"`
	}{view, out})
	return nil
}

// mixSong is a song of a mix as shown, with the song it was drawn from.
type mixSong struct {
	mixSongView
	song *musicify.Song
}

// mixSongs makes a mix and loads its songs in order (a song deleted since
// the mix was kept is left out), with the reasons the mix gives.
func (s *API) mixSongs(ctx context.Context, user *musicify.User, kind string, me *views.Viewer) (*musicify.Mix, []mixSong, error) {
	svc, err := s.mixService()
	if err != nil {
		return nil, nil, err
	}
	m, err := svc.Mix(ctx, user, kind)
	if err != nil {
		return nil, nil, err
	}
	ids := slices.Clone(m.Songs)
	for _, why := range m.Reasons {
		if why.Seed != "" {
			ids = append(ids, why.Seed)
		}
	}
	found, err := s.Songs.SongsByIDs(ctx, ids)
	if err != nil {
		return nil, nil, err
	}
	byID := map[string]views.Song{}
	raw := map[string]*musicify.Song{}
	for i, v := range views.SongsOf(found, me) {
		byID[v.ID], raw[v.ID] = v, found[i]
	}
	out := make([]mixSong, 0, len(m.Songs))
	for i, id := range m.Songs {
		v, ok := byID[id]
		if !ok {
			continue
		}
		song := mixSong{mixSongView: mixSongView{Song: v}, song: raw[id]}
		if i < len(m.Reasons) {
			why := m.Reasons[i]
			reason := reasonOf(recommend.Rec{ID: id, Reason: why.Reason, Seed: why.Seed, Artist: why.Artist}, byID)
			song.Reason = &reason
		}
		out = append(out, song)
	}
	return m, out, nil
}

// handleSaveMix is POST /api/mixes/{id}/playlist: the mix as it is now,
// kept as one of the caller's playlists, to keep after the mix changes.
func (s *API) handleSaveMix(w http.ResponseWriter, r *http.Request) error {
	user := platform.UserOf(r)
	m, songs, err := s.mixSongs(r.Context(), user, r.PathValue("id"), views.For(r, s.Media))
	if err != nil {
		return err
	}
	if len(songs) == 0 {
		return musicify.Errorf(musicify.EINVALID, "This mix has no songs to keep yet.")
	}
	kept := make(map[string]*musicify.Song, len(songs))
	for _, v := range songs {
		kept[v.ID] = v.song
	}
	title := mixes.TitleOf(m, kept)
	name := title.Name + " · " + m.Created.Format("2 Jan 2006")
	if m.Period != "" {
		name = title.Name + " · " + m.Period
	}
	p, err := s.Playlists.Create(r.Context(), user, name, title.Description)
	if err != nil {
		return err
	}
	for _, song := range songs {
		if p, err = s.Playlists.Add(r.Context(), user, p.ID, song.ID); err != nil {
			return err
		}
	}
	platform.WriteJSON(w, http.StatusCreated, struct {
		Message  string         `json:"message"`
		Playlist views.Playlist `json:"playlist"`
	}{"success", views.PlaylistOf(p, user)})
	return nil
}
