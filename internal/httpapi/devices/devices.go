// Package devices is the HTTP face of Connect: a person's browsers and
// apps as devices, what each plays, and commands from one to another.
// Changes and commands reach the devices over the live connection
// (/api/ws, {"type":"device"}).
package devices

import (
	"net/http"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/connect"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// API serves the device routes.
type API struct {
	P       *platform.Platform
	Devices *connect.Service
	Songs   views.SongsByIDs
	Media   *mediaurl.Signer
	// Changes bounds each person's reports and commands.
	Changes *auth.Limiter
}

// Routes registers the area's routes on mux.
func (s *API) Routes(mux *platform.Mux) {
	mux.User("GET /api/devices", s.handleList)
	mux.User("POST /api/devices", s.handleRegister)
	mux.User("PUT /api/devices/{id}", s.handleUpdate)
	mux.User("DELETE /api/devices/{id}", s.handleForget)
	mux.User("PUT /api/devices/{id}/state", s.handleReport)
	mux.User("POST /api/devices/{id}/commands", s.handleCommand)
}

// upNextShown bounds the songs after the current one a device's view lists.
const upNextShown = 50

type queued struct {
	Index int        `json:"index"` // in the device's queue, for remove and jump
	Song  views.Song `json:"song"`
}

type stateView struct {
	Playing    bool        `json:"playing"`
	Position   float64     `json:"position"`   // seconds into the song at serverTime
	ServerTime float64     `json:"serverTime"` // ms since 1970 on the server's clock
	Index      int         `json:"index"`
	Song       *views.Song `json:"song"`
	UpNext     []queued    `json:"upNext"`
	Queue      []string    `json:"queue"` // every song id, for taking the music back
	QueueSize  int         `json:"queueSize"`
	Shuffle    bool        `json:"shuffle"`
	Repeat     string      `json:"repeat"`
	Volume     int         `json:"volume"`
}

type deviceView struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Online  bool      `json:"online"`
	Seen    *float64  `json:"seen"` // ms since 1970; null once it left
	Jukebox bool      `json:"jukebox"`
	State   stateView `json:"state"`
}

func (s *API) view(r *http.Request, d *musicify.Device, now time.Time) (deviceView, error) {
	st := d.State
	if st.Queue == nil {
		st.Queue = []string{}
	}
	v := deviceView{ID: d.ID, Name: d.Name, Online: connect.Online(d, now), Jukebox: d.Jukebox,
		State: stateView{Playing: st.Playing && connect.Online(d, now), Position: st.Position, ServerTime: float64(now.UnixMilli()),
			Index: st.Index, UpNext: []queued{}, Queue: st.Queue, QueueSize: len(st.Queue), Shuffle: st.Shuffle, Repeat: st.Repeat, Volume: st.Volume}}
	if !d.Seen.IsZero() {
		ms := float64(d.Seen.UnixMilli())
		v.Seen = &ms
	}
	if v.State.Playing {
		v.State.Position += now.Sub(st.At).Seconds()
	}
	if st.Index < 0 || st.Index >= len(st.Queue) {
		return v, nil
	}
	end := min(len(st.Queue), st.Index+1+upNextShown)
	songs, err := views.SongsByID(r.Context(), s.Songs, st.Queue[st.Index:end], views.For(r, s.Media))
	if err != nil {
		return v, err
	}
	found := make(map[string]views.Song, len(songs))
	for _, sg := range songs {
		found[sg.ID] = sg
	}
	if sg, ok := found[st.Queue[st.Index]]; ok {
		v.State.Song = &sg
	}
	for i := st.Index + 1; i < end; i++ {
		if sg, ok := found[st.Queue[i]]; ok {
			v.State.UpNext = append(v.State.UpNext, queued{Index: i, Song: sg})
		}
	}
	return v, nil
}

func (s *API) handleList(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Devices.List(r.Context(), platform.UserOf(r).ID)
	if err != nil {
		return err
	}
	now := s.P.Time()
	out := make([]deviceView, 0, len(list))
	for _, d := range list {
		v, err := s.view(r, d, now)
		if err != nil {
			return err
		}
		out = append(out, v)
	}
	platform.WriteJSON(w, http.StatusOK, map[string]any{"devices": out})
	return nil
}

func (s *API) handleRegister(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	d, err := s.Devices.Register(r.Context(), platform.UserOf(r).ID, in.ID, in.Name)
	if err != nil {
		return err
	}
	v, err := s.view(r, d, s.P.Time())
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, v)
	return nil
}

func (s *API) handleUpdate(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Name    *string `json:"name"`
		Jukebox *bool   `json:"jukebox"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	me, id := platform.UserOf(r).ID, r.PathValue("id")
	if in.Name == nil && (in.Jukebox == nil || !*in.Jukebox) {
		return musicify.Errorf(musicify.EINVALID, "Send a new name, or jukebox: true.")
	}
	if in.Name != nil {
		if err := s.Devices.Rename(r.Context(), me, id, *in.Name); err != nil {
			return err
		}
	}
	if in.Jukebox != nil && *in.Jukebox {
		if err := s.Devices.SetJukebox(r.Context(), me, id); err != nil {
			return err
		}
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *API) handleForget(w http.ResponseWriter, r *http.Request) error {
	if err := s.Devices.Forget(r.Context(), platform.UserOf(r).ID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *API) limit(r *http.Request) error {
	return s.P.RateLimit(r.Context(), s.Changes, "player changes", platform.UserOf(r).ID)
}

func (s *API) handleReport(w http.ResponseWriter, r *http.Request) error {
	var st musicify.DeviceState
	if err := s.limit(r); err != nil {
		return err
	}
	if err := platform.DecodeJSON(w, r, &st); err != nil {
		return err
	}
	if err := s.Devices.Report(r.Context(), platform.UserOf(r).ID, r.PathValue("id"), st); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *API) handleCommand(w http.ResponseWriter, r *http.Request) error {
	var c connect.Command
	if err := s.limit(r); err != nil {
		return err
	}
	if err := platform.DecodeJSON(w, r, &c); err != nil {
		return err
	}
	if err := s.Devices.Send(r.Context(), platform.UserOf(r).ID, r.PathValue("id"), c); err != nil {
		return err
	}
	w.WriteHeader(http.StatusAccepted)
	return nil
}
