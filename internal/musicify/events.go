package musicify

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"time"
)

// EventType names what happened; subscribers switch on it.
type EventType string

// The domain events. Services write them in the transaction of the change
// (the event log), so an event exists exactly when its change does.
const (
	EventSongAdded   EventType = "song.added"
	EventSongRemoved EventType = "song.removed"
	EventListened    EventType = "listened"
	EventLiked       EventType = "liked"
	// EventInterested is a weaker sign (POST /recommend/create).
	EventInterested      EventType = "interested"
	EventUnliked         EventType = "unliked"
	EventPlaylistChanged EventType = "playlist.changed"
	EventUserChanged     EventType = "user.changed"
	EventStationChanged  EventType = "station.changed"
	// EventSongAnalyzed says a song's audio features were stored (or
	// recomputed), for discovery to take in its embedding.
	EventSongAnalyzed EventType = "song.analyzed"
	// EventPresence is live only (Seq 0): it is never in the event log.
	EventPresence EventType = "presence"
	// EventSessionsEnded says sessions ended (a logout, a new password, an
	// account disabled or deleted): every instance refuses the media URLs
	// they were handed, also one that was down or missed the bus. Its Data
	// is SessionsEnded.
	EventSessionsEnded EventType = "sessions.ended"
)

// SessionsEnded is the data of EventSessionsEnded: one session (its
// SessionRef), or every session of the event's user that started up to
// Before (Unix milliseconds).
type SessionsEnded struct {
	Session string `json:"session,omitempty"`
	Before  int64  `json:"before,omitempty"`
}

// SessionRef names a session in media URLs: a hash of its stored token
// hash, so neither a URL nor a database leak gives the cookie.
func SessionRef(tokenHash string) string {
	sum := sha256.Sum256([]byte("media session\n" + tokenHash))
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// SessionEnded is the event of one session's end.
func SessionEnded(userID, tokenHash string, at time.Time) Event {
	data, _ := json.Marshal(SessionsEnded{Session: SessionRef(tokenHash)})
	return Event{Type: EventSessionsEnded, UserID: userID, At: at, Data: data}
}

// SessionsEndedOf is the event of the end of every session of a user
// started up to at.
func SessionsEndedOf(userID string, at time.Time) Event {
	data, _ := json.Marshal(SessionsEnded{Before: at.UnixMilli()})
	return Event{Type: EventSessionsEnded, UserID: userID, At: at, Data: data}
}

// Event is one change, as subscribers on any instance see it.
type Event struct {
	// Seq is the event's place in the event log, set by the store when it
	// writes the event: 1, 2, 3… in commit order. Zero means a live-only
	// event that is neither stored nor caught up.
	Seq        uint64    `json:"seq,omitempty"`
	Type       EventType `json:"type"`
	UserID     string    `json:"user_id,omitempty"`
	SongID     string    `json:"song_id,omitempty"`
	PlaylistID string    `json:"playlist_id,omitempty"`
	StationID  string    `json:"station_id,omitempty"`
	At         time.Time `json:"at"`
	// Data is a small JSON payload for what the IDs do not say (a listen's
	// seconds, say); keep it small, it travels to every instance.
	Data json.RawMessage `json:"data,omitempty"`
}

// Bus carries events to every subscriber on every instance.
//
// Delivery is at least once and in order per publisher, never in a global
// order and never guaranteed while a broker is down: subscribers apply
// events idempotently and fill gaps from the EventLog (bus.Follower).
type Bus interface {
	// Publish sends events, in order. An error means some may not have
	// left this instance; they are still in the event log, so callers log it
	// and carry on.
	Publish(ctx context.Context, events ...Event) error
	// Subscribe calls handle with every event published after it returns,
	// one at a time, until ctx ends; then it stops calling handle and
	// leaves nothing running.
	Subscribe(ctx context.Context, handle func(context.Context, Event)) error
	// Close ends every subscription made through it.
	Close() error
}

// EventLog reads the event log, for subscribers that missed some.
//
// A reader that sees Seq n must already see every event before n: the
// store assigns Seq in commit order (SQLite is serial; PostgreSQL takes a
// transaction-scoped advisory lock before it writes an event).
type EventLog interface {
	// EventsAfter returns up to limit events with Seq > seq, by Seq.
	EventsAfter(ctx context.Context, seq uint64, limit int) ([]Event, error)
	// LastEventSeq is the newest Seq (0 when there is none): a subscriber
	// that loads its state from the database reads it first, then follows
	// from there.
	LastEventSeq(ctx context.Context) (uint64, error)
}

// Publisher takes events whose change has committed. Bus is one; so is
// bus.Publisher, which applies them on this instance first.
type Publisher interface {
	Publish(ctx context.Context, events ...Event) error
}

// SongData is the Data of song.added: what subscribers know a song by.
// A song whose words changed (a transcript arrived) is added again.
// SongAnalyzedData is the data of EventSongAnalyzed: the song's sound as a
// vector, for discovery to compare songs by.
type SongAnalyzedData struct {
	Embedding []float32 `json:"embedding"`
}

type SongData struct {
	Name   string `json:"name"`
	Artist string `json:"artist"`
	// Artists are the song's main and featured artists by name.
	Artists []string `json:"artists,omitempty"`
	Album   string   `json:"album,omitempty"`
	Genre   string   `json:"genre,omitempty"` // a tag the recommender's content side reads
	Text    string   `json:"text,omitempty"`
}

// PlaylistData is the Data of playlist.changed: the playlist's songs after
// the change, none when it was deleted.
type PlaylistData struct {
	Songs []string `json:"songs"`
}
