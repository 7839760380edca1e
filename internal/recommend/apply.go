package recommend

import (
	"context"
	"encoding/json"

	"github.com/musicify/musicify/internal/musicify"
)

// Apply learns from one event of the event log, from this instance or
// another. An event at or before the last one applied (or loaded, see
// SetApplied) changes nothing, so a replay never counts a listen twice.
func (e *Engine) Apply(_ context.Context, ev musicify.Event) error {
	e.applyMu.Lock()
	defer e.applyMu.Unlock()
	if ev.Seq != 0 && ev.Seq <= e.applied {
		return nil
	}
	e.dispatch(ev)
	if ev.Seq != 0 {
		e.applied = ev.Seq
	}
	return nil
}

// SetApplied says the engine's state includes every event up to seq: the
// LastEventSeq read in the snapshot it was loaded from.
func (e *Engine) SetApplied(seq uint64) {
	e.applyMu.Lock()
	defer e.applyMu.Unlock()
	e.applied = seq
}

// dispatch changes the state by one event. Events of other kinds, and
// data that does not decode (which no retry would mend), change nothing.
func (e *Engine) dispatch(ev musicify.Event) {
	switch ev.Type {
	case musicify.EventSongAdded:
		var d musicify.SongData
		if json.Unmarshal(ev.Data, &d) == nil {
			s := &musicify.Song{ID: ev.SongID, UserID: ev.UserID, Artist: d.Artist, Name: d.Name, Album: d.Album, Genre: d.Genre, Text: d.Text}
			for _, name := range d.Artists {
				s.Artists = append(s.Artists, musicify.SongArtist{Name: name, Role: musicify.RoleArtist})
			}
			e.SongAdded(s)
		}
	case musicify.EventSongAnalyzed:
		var d musicify.SongAnalyzedData
		if json.Unmarshal(ev.Data, &d) == nil {
			e.SetFeatures(ev.SongID, d.Embedding)
		}
	case musicify.EventSongRemoved:
		e.SongRemoved(ev.SongID)
	case musicify.EventListened:
		e.Listened(ev.UserID, ev.SongID, ev.At)
	case musicify.EventLiked:
		e.Liked(ev.UserID, ev.SongID, ev.At)
	case musicify.EventUnliked:
		e.Unliked(ev.UserID, ev.SongID)
	case musicify.EventInterested:
		e.Interested(ev.UserID, ev.SongID, ev.At)
	case musicify.EventPlaylistChanged:
		var d musicify.PlaylistData
		if json.Unmarshal(ev.Data, &d) == nil {
			e.PlaylistChanged(ev.PlaylistID, d.Songs)
		}
	}
}
