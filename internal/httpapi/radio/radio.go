package radio

import (
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/musicify/musicify/internal/delivery"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/musicify"
	"github.com/musicify/musicify/internal/radio"
)

// stationView keeps the original client's field names: radio_name,
// username and time, the start of the current loop (the start moves at each
// loop, as the original client expects).
type stationView struct {
	ID        string    `json:"_id"`
	Name      string    `json:"radio_name"`
	Username  string    `json:"username"`
	Time      time.Time `json:"time"`
	Start     time.Time `json:"start"`
	Audio     string    `json:"audio"`
	Duration  float64   `json:"duration"`
	Listeners int       `json:"listeners"`
	Live      bool      `json:"live"`
	Mine      bool      `json:"mine"`
	// Users and Offset (seconds into the audio) are in the single-station answer.
	Users  []string `json:"users,omitempty"`
	Offset *float64 `json:"offset,omitempty"`
}

func (s *API) stationOf(st *musicify.Station, me *views.Viewer, now time.Time) stationView {
	at := radio.At(st.Start, time.Duration(st.Duration*float64(time.Second)), now)
	return stationView{
		ID: st.ID, Name: st.Name, Username: st.Owner, Time: at.LoopStart, Start: st.Start,
		Audio: me.Link(st.AudioKey, "", "/media/radio/"+st.ID+"/"+path.Base(st.AudioKey)), Duration: st.Duration,
		Listeners: s.Presence.Of(st.ID).Count, Live: at.Live, Mine: me.Is(st.UserID),
	}
}

func (s *API) handleStations(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Radio.Store.Stations(r.Context())
	if err != nil {
		return err
	}
	now := s.P.Time()
	out := make([]stationView, len(list))
	for i, st := range list {
		out[i] = s.stationOf(st, views.For(r, s.Media), now)
	}
	platform.WriteJSON(w, http.StatusOK, out)
	return nil
}

// handleStation is one station with who listens and where it is now.
func (s *API) handleStation(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Radio.Store.Station(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	now := s.P.Time()
	v := s.stationOf(st, views.For(r, s.Media), now)
	v.Users = s.Presence.Of(st.ID).Users
	offset := radio.At(st.Start, time.Duration(st.Duration*float64(time.Second)), now).Offset.Seconds()
	v.Offset = &offset
	platform.WriteJSON(w, http.StatusOK, v)
	return nil
}

// handleCreateStation takes multipart name, date (ISO 8601 with offset) and audio.
func (s *API) handleCreateStation(w http.ResponseWriter, r *http.Request) error {
	f, err := s.P.ReadForm(w, r, []string{"name", "date"}, map[string]platform.FileLimit{
		"audio": {Max: s.MaxUploadMB << 20, TooLarge: musicify.Errorf(musicify.ETOOLARGE, "The upload is larger than the %d MB limit.", s.MaxUploadMB).In("audio")},
	})
	if err != nil {
		return err
	}
	defer f.Remove()
	up := musicify.StationUpload{User: platform.UserOf(r), Name: f.Fields["name"], Start: f.Fields["date"]}
	if audio := f.File("audio"); audio != nil {
		up.AudioPath, up.Size = audio.Path, audio.Size
	}
	st, err := s.Radio.Create(r.Context(), up)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, struct {
		Message string      `json:"message"`
		Station stationView `json:"station"`
	}{"success", s.stationOf(st, views.For(r, s.Media), s.P.Time())})
	return nil
}

func (s *API) handleDeleteStation(w http.ResponseWriter, r *http.Request) error {
	if err := s.Radio.Delete(r.Context(), platform.UserOf(r), r.PathValue("id")); err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, platform.Success)
	return nil
}

// handleStationAudio streams a station's audio like a song's.
func (s *API) handleStationAudio(w http.ResponseWriter, r *http.Request) error {
	st, err := s.Radio.Store.Station(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	file := r.PathValue("file")
	if path.Base(st.AudioKey) != file {
		return musicify.Errorf(musicify.ENOTFOUND, "This station has no file %s.", file)
	}
	return s.Files.Serve(w, r, delivery.Stored{Key: st.AudioKey, ContentType: media.MIME(strings.TrimPrefix(path.Ext(file), ".")),
		ETag: `"radio-` + st.ID + `"`, CacheControl: "private, " + delivery.Immutable}, true)
}

// handleTime is the light clock endpoint: the server's time in
// milliseconds, for clients that cannot keep a WebSocket.
func (s *API) handleTime(w http.ResponseWriter, r *http.Request) error {
	platform.WriteJSON(w, http.StatusOK, map[string]float64{"now": millis(s.P.Time())})
	return nil
}

// millis is a time as fractional Unix milliseconds, as the clients count.
func millis(t time.Time) float64 { return float64(t.UnixMicro()) / 1000 }
