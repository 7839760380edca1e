package jams

import (
	"net/http"
	"time"

	"github.com/musicify/musicify/internal/auth"
	"github.com/musicify/musicify/internal/httpapi/platform"
	"github.com/musicify/musicify/internal/httpapi/views"
	"github.com/musicify/musicify/internal/jam"
	"github.com/musicify/musicify/internal/media"
	"github.com/musicify/musicify/internal/mediaurl"
	"github.com/musicify/musicify/internal/musicify"
)

// Listen-only visitors: people without an account who hold the Jam's
// visitor key (from the host's listen-only link) read the Jam and hear it,
// and change nothing. The key is the whole check, no session; reads are
// bounded per address, since anyone may send them.
const (
	// VisitorReadsPerMinute bounds one address's reads of listen-only Jams:
	// a visitor's page reads every 2 s, so this lets a dozen or so listen
	// from one network.
	VisitorReadsPerMinute = 300
	// visitorUpNext is how much of the queue after the song playing a
	// visitor sees.
	visitorUpNext = 50
	// A visitor's audio link lives until this long after its song would end
	// if nothing changed, rounded up to visitorRound so that reads within
	// that time hand out the same link.
	visitorGrace = 15 * time.Minute
	visitorRound = 10 * time.Minute
	// visitorUnknownLength stands for a song whose length is not known.
	visitorUnknownLength = time.Hour
)

// visitorPerson is someone in the Jam as a visitor sees them: a name, no id.
type visitorPerson struct {
	Username string `json:"username"`
}

// visitorSong is what a visitor may know of a song; Audio is a signed link
// for the song playing and the next one only, "" for the rest.
type visitorSong struct {
	ID         string  `json:"_id"`
	Song       string  `json:"song"`
	Artist     string  `json:"artist"`
	Cover      string  `json:"cover"`
	CoverSmall string  `json:"coverSmall"`
	Duration   float64 `json:"duration"`
	Audio      string  `json:"audio"`
}

type visitorEntry struct {
	ID      string         `json:"id"`
	Song    visitorSong    `json:"song"`
	AddedBy *visitorPerson `json:"addedBy"`
	Reason  string         `json:"reason,omitempty"`
}

// visitorView is a Jam as a listen-only visitor sees it.
type visitorView struct {
	ID        string        `json:"id"`
	Host      visitorPerson `json:"host"`
	Visitor   bool          `json:"visitor"` // always true: this is a visitor's view
	Member    bool          `json:"member"`  // always false
	Ended     bool          `json:"ended"`
	Listeners int           `json:"listeners"`
	Version   int64         `json:"version"`
	Playing   bool          `json:"playing"`
	Position  float64       `json:"position"`
	// ServerTime is the server's clock when the answer was made (ms).
	ServerTime float64        `json:"serverTime"`
	Queue      []visitorEntry `json:"queue"`
	// More counts the queued songs after those listed.
	More int `json:"more"`
}

func (s *API) visitorRoutes(mux *platform.Mux) {
	if s.VisitorReads == nil {
		if s.Changes != nil {
			s.VisitorReads = s.Changes.Sibling("jam-visitors", VisitorReadsPerMinute, time.Minute)
		} else {
			s.VisitorReads = auth.NewLimiter(nil, "jam-visitors", VisitorReadsPerMinute, time.Minute, s.P.Time)
		}
	}
	mux.Public("GET /api/jams/{id}/listen", s.handleVisit)
	// Every other method on it is a visitor trying to change the Jam.
	mux.Public("/api/jams/{id}/listen", s.handleVisitorWrite)
}

// visitorKey is the key a visitor sends: the `key` query parameter, or the
// X-Jam-Key header.
func visitorKey(r *http.Request) string {
	if k := r.Header.Get("X-Jam-Key"); k != "" {
		return k
	}
	return r.URL.Query().Get("key")
}

func (s *API) handleVisit(w http.ResponseWriter, r *http.Request) error {
	if err := s.P.RateLimit(r.Context(), s.VisitorReads, "reads of this Jam", s.P.ClientOf(r).IP); err != nil {
		return err
	}
	j, err := s.Jams.Visit(r.Context(), r.PathValue("id"), visitorKey(r))
	if err != nil {
		return err
	}
	v, err := s.visitorView(r, j)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	platform.WriteJSON(w, http.StatusOK, v)
	return nil
}

func (s *API) handleVisitorWrite(w http.ResponseWriter, r *http.Request) error {
	return musicify.Errorf(musicify.EFORBIDDEN, "A listen-only link cannot change the Jam. Sign in and join it to add songs, vote or control.")
}

func (s *API) visitorView(r *http.Request, j *musicify.Jam) (visitorView, error) {
	now := s.P.Time()
	names := make(map[string]string, len(j.Members))
	for _, m := range j.Members {
		names[m.UserID] = m.Username
	}
	v := visitorView{ID: j.ID, Host: visitorPerson{Username: names[j.HostID]}, Visitor: true, Listeners: len(j.Members),
		Version: j.Version, Playing: j.Playing, Position: jam.Position(j, now).Seconds(),
		ServerTime: float64(now.UnixMilli()), Queue: []visitorEntry{}}
	shown := j.Queue
	if len(shown) > 1+visitorUpNext {
		shown, v.More = shown[:1+visitorUpNext], len(shown)-1-visitorUpNext
	}
	ids := make([]string, len(shown))
	for i, e := range shown {
		ids[i] = e.SongID
	}
	songs, err := s.Songs.SongsByIDs(r.Context(), ids)
	if err != nil {
		return v, err
	}
	found := make(map[string]*musicify.Song, len(songs))
	for _, sg := range songs {
		found[sg.ID] = sg
	}
	// Where the songs heard next would end if nothing changed: the link of
	// each lives a while past that.
	ends := now
	for i, e := range shown {
		length := time.Duration(e.Duration * float64(time.Second))
		if length <= 0 {
			length = visitorUnknownLength
		}
		if i == 0 {
			length = max(length-jam.Position(j, now), 0)
		}
		ends = ends.Add(length)
		sg, ok := found[e.SongID]
		if !ok {
			continue // deleted since it was queued: players skip it
		}
		large, small := views.CoverURLs(sg.CoverKey)
		ve := visitorEntry{ID: e.ID, Reason: e.Reason, Song: visitorSong{ID: sg.ID, Song: sg.Name, Artist: sg.Artist,
			Cover: large, CoverSmall: small, Duration: sg.Duration}}
		if i < 2 {
			ve.Song.Audio = s.visitorAudio(j, sg, ends)
		}
		if name, ok := names[e.AddedBy]; ok {
			ve.AddedBy = &visitorPerson{Username: name}
		} else if e.AddedBy != "" {
			ve.AddedBy = &visitorPerson{Username: "someone who left"}
		}
		v.Queue = append(v.Queue, ve)
	}
	return v, nil
}

// visitorAudio is a signed link to the song's audio, for a visitor of j, or
// "" when there is none to give: the server signs no links, the file is
// gone, or browsers need a rendition (which only signed-in people get).
// The link names the Jam in place of a session and expires a while after
// the song would end.
func (s *API) visitorAudio(j *musicify.Jam, sg *musicify.Song, ends time.Time) string {
	if s.Media == nil || sg.Missing || sg.AudioKey == "" || !media.BrowserPlays(sg.Format, sg.Bitrate) {
		return ""
	}
	round := int64(visitorRound / time.Second)
	exp := (ends.Add(visitorGrace).Unix()/round + 1) * round
	return s.Media.URL(mediaurl.Claims{Key: sg.AudioKey, Session: "jam:" + j.ID, Expires: exp})
}
