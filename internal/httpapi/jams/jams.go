// Package jams is the HTTP face of Jams: start one, join from its link,
// share a queue, play and pause for everyone. Changes reach the members
// over the live connection (/api/ws, {"type":"jam"}), which tells them to
// read the Jam again.
package jams

import (
	"net/http"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/jam"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// API serves the Jam routes.
type API struct {
	P     *platform.Platform
	Jams  *jam.Service
	Songs views.SongsByIDs
	Media *mediaurl.Signer
	// Changes bounds each person's adds, skips and votes.
	Changes *auth.Limiter
	// VisitorReads bounds one address's listen-only reads; nil makes one of
	// VisitorReadsPerMinute over Changes' store.
	VisitorReads *auth.Limiter
}

// Routes registers the area's routes on mux.
func (s *API) Routes(mux *platform.Mux) {
	mux.User("POST /api/jams", s.handleStart)
	mux.User("GET /api/jams/current", s.handleCurrent)
	mux.User("GET /api/jams/{id}", s.handleJam)
	mux.User("PUT /api/jams/{id}", s.handleSettings)
	mux.User("DELETE /api/jams/{id}", s.handleEnd)
	mux.User("POST /api/jams/{id}/members", s.handleJoin)
	mux.User("DELETE /api/jams/{id}/members/{user}", s.handleLeave)
	mux.User("POST /api/jams/{id}/queue", s.handleAdd)
	mux.User("PUT /api/jams/{id}/queue/{entry}", s.handleMove)
	mux.User("DELETE /api/jams/{id}/queue/{entry}", s.handleDrop)
	mux.User("POST /api/jams/{id}/playback", s.handlePlayback)
	s.visitorRoutes(mux)
}

// person is a member as the app shows them.
type person struct {
	ID       string `json:"_id"`
	Username string `json:"username"`
}

type entryView struct {
	ID   string     `json:"id"`
	Song views.Song `json:"song"`
	// AddedBy is null for the Jam's own picks, which carry a reason.
	AddedBy *person `json:"addedBy"`
	Reason  string  `json:"reason,omitempty"`
}

// jamView is a Jam as one person sees it. Someone not in it sees who hosts
// it and how many are in, enough to decide to join.
type jamView struct {
	ID          string `json:"id"`
	Host        person `json:"host"`
	Member      bool   `json:"member"`
	IsHost      bool   `json:"isHost"`
	Ended       bool   `json:"ended"`
	MemberCount int    `json:"memberCount"`
	Version     int64  `json:"version"`

	CanControl    bool `json:"canControl"`
	GuestsControl bool `json:"guestsControl"`
	// Visitors says whether the listen-only link works; VisitorKey is its
	// key, for the host alone.
	Visitors    bool        `json:"visitors"`
	VisitorKey  string      `json:"visitorKey,omitempty"`
	Playing     bool        `json:"playing"`
	Position    float64     `json:"position"`   // seconds into the first song at serverTime
	ServerTime  float64     `json:"serverTime"` // ms since 1970 on the server's clock
	Members     []person    `json:"members"`
	Queue       []entryView `json:"queue"`
	Votes       int         `json:"votes"`
	VotesNeeded int         `json:"votesNeeded"`
}

func (s *API) view(r *http.Request, j *musicify.Jam) (jamView, error) {
	me := platform.UserOf(r)
	byID := map[string]person{}
	members := make([]person, len(j.Members))
	for i, m := range j.Members {
		members[i] = person{ID: m.UserID, Username: m.Username}
		byID[m.UserID] = members[i]
	}
	now := s.P.Time()
	v := jamView{ID: j.ID, Host: byID[j.HostID], Member: jam.Member(j, me.ID), IsHost: j.HostID == me.ID, Ended: j.Ended,
		MemberCount: len(j.Members), Version: j.Version, Members: []person{}, Queue: []entryView{}}
	if !v.Member || j.Ended {
		return v, nil
	}
	v.CanControl, v.GuestsControl, v.Playing = jam.CanControl(j, me.ID), j.GuestsControl, j.Playing
	v.Visitors = j.VisitorKey != ""
	if v.IsHost {
		v.VisitorKey = j.VisitorKey
	}
	v.Position, v.ServerTime = jam.Position(j, now).Seconds(), float64(now.UnixMilli())
	v.Members, v.Votes, v.VotesNeeded = members, len(j.Votes), len(j.Members)/2+1
	ids := make([]string, len(j.Queue))
	for i, e := range j.Queue {
		ids[i] = e.SongID
	}
	songs, err := views.SongsByID(r.Context(), s.Songs, ids, views.For(r, s.Media))
	if err != nil {
		return v, err
	}
	found := make(map[string]views.Song, len(songs))
	for _, sg := range songs {
		found[sg.ID] = sg
	}
	for _, e := range j.Queue {
		sg, ok := found[e.SongID]
		if !ok {
			continue // deleted since it was queued: players skip it
		}
		ev := entryView{ID: e.ID, Song: sg, Reason: e.Reason}
		if p, ok := byID[e.AddedBy]; ok {
			ev.AddedBy = &p
		} else if e.AddedBy != "" {
			ev.AddedBy = &person{ID: e.AddedBy, Username: "someone who left"}
		}
		v.Queue = append(v.Queue, ev)
	}
	return v, nil
}

func (s *API) write(w http.ResponseWriter, r *http.Request, status int, j *musicify.Jam) error {
	v, err := s.view(r, j)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, status, v)
	return nil
}

func (s *API) handleStart(w http.ResponseWriter, r *http.Request) error {
	j, err := s.Jams.Start(r.Context(), platform.UserOf(r))
	if err != nil {
		return err
	}
	return s.write(w, r, http.StatusCreated, j)
}

// handleCurrent is {"jam": the caller's Jam}, null when they are in none
// (every page asks, so "none" is not an error).
func (s *API) handleCurrent(w http.ResponseWriter, r *http.Request) error {
	id, err := s.Jams.Store.JamOf(r.Context(), platform.UserOf(r).ID)
	if musicify.ErrorCode(err) == musicify.ENOTFOUND {
		platform.WriteJSON(w, http.StatusOK, map[string]any{"jam": nil})
		return nil
	} else if err != nil {
		return err
	}
	j, err := s.Jams.Get(r.Context(), id)
	if err != nil {
		return err
	}
	v, err := s.view(r, j)
	if err != nil {
		return err
	}
	platform.WriteJSON(w, http.StatusOK, map[string]any{"jam": v})
	return nil
}

func (s *API) handleJam(w http.ResponseWriter, r *http.Request) error {
	return s.get(w, r, r.PathValue("id"))
}

func (s *API) get(w http.ResponseWriter, r *http.Request, id string) error {
	j, err := s.Jams.Get(r.Context(), id)
	if err != nil {
		return err
	}
	return s.write(w, r, http.StatusOK, j)
}

func (s *API) handleJoin(w http.ResponseWriter, r *http.Request) error {
	j, err := s.Jams.Join(r.Context(), platform.UserOf(r), r.PathValue("id"))
	if err != nil {
		return err
	}
	return s.write(w, r, http.StatusOK, j)
}

// handleLeave is a member leaving (their own id) or the host removing one.
func (s *API) handleLeave(w http.ResponseWriter, r *http.Request) error {
	me, id, who := platform.UserOf(r), r.PathValue("id"), r.PathValue("user")
	if who == me.ID || who == "me" {
		if err := s.Jams.Leave(r.Context(), me, id); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	j, err := s.Jams.Remove(r.Context(), me, id, who)
	if err != nil {
		return err
	}
	return s.write(w, r, http.StatusOK, j)
}

func (s *API) handleEnd(w http.ResponseWriter, r *http.Request) error {
	if err := s.Jams.End(r.Context(), platform.UserOf(r), r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *API) handleSettings(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		GuestsControl *bool `json:"guestsControl"`
		Visitors      *bool `json:"visitors"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.GuestsControl == nil && in.Visitors == nil {
		return musicify.Errorf(musicify.EINVALID, "Say whether guests may control the Jam (guestsControl) or people may listen without an account (visitors).").In("guestsControl")
	}
	var j *musicify.Jam
	var err error
	if in.GuestsControl != nil {
		if j, err = s.Jams.Settings(r.Context(), platform.UserOf(r), r.PathValue("id"), *in.GuestsControl); err != nil {
			return err
		}
	}
	if in.Visitors != nil {
		if j, err = s.Jams.Visitors(r.Context(), platform.UserOf(r), r.PathValue("id"), *in.Visitors); err != nil {
			return err
		}
	}
	return s.write(w, r, http.StatusOK, j)
}

func (s *API) limit(r *http.Request) error {
	return s.P.RateLimit(r.Context(), s.Changes, "changes to the Jam", platform.UserOf(r).ID)
}

func (s *API) handleAdd(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Songs []string `json:"songs"`
		Next  bool     `json:"next"`
	}
	if err := s.limit(r); err != nil {
		return err
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	j, err := s.Jams.Add(r.Context(), platform.UserOf(r), r.PathValue("id"), in.Songs, in.Next)
	if err != nil {
		return err
	}
	return s.write(w, r, http.StatusOK, j)
}

func (s *API) handleMove(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Index *int `json:"index"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Index == nil {
		return musicify.Errorf(musicify.EINVALID, "Say where in the queue the song goes (index).").In("index")
	}
	j, err := s.Jams.Move(r.Context(), platform.UserOf(r), r.PathValue("id"), r.PathValue("entry"), *in.Index)
	if err != nil {
		return err
	}
	return s.write(w, r, http.StatusOK, j)
}

func (s *API) handleDrop(w http.ResponseWriter, r *http.Request) error {
	j, err := s.Jams.Drop(r.Context(), platform.UserOf(r), r.PathValue("id"), r.PathValue("entry"))
	if err != nil {
		return err
	}
	return s.write(w, r, http.StatusOK, j)
}

func (s *API) handlePlayback(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Action   string  `json:"action"`
		Position float64 `json:"position"`
		Entry    string  `json:"entry"`
	}
	if err := platform.DecodeJSON(w, r, &in); err != nil {
		return err
	}
	if in.Action != jam.Ended { // every player says "ended" at once; that is not a person's doing
		if err := s.limit(r); err != nil {
			return err
		}
	}
	j, err := s.Jams.Control(r.Context(), platform.UserOf(r), r.PathValue("id"), in.Action, in.Position, in.Entry)
	if err != nil {
		return err
	}
	return s.write(w, r, http.StatusOK, j)
}
